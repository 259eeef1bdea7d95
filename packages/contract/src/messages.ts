// Kept free of zod so the sign-in page can use the texts without loading the schemas.
/** Spec §8 texts, to the letter. */
export const SPEC_MESSAGES = {
  loginFailed: 'Login failed',
  loginSuccessful: 'Login successful',
  accessDenied: 'Access denied: Administrative privileges required',
  authenticationRequired: 'Authentication required',
  tokenExpired: 'TokenExpiredError: session expired',
  accessTokenExpired: 'Access token expired',
  invalidToken: 'Invalid token',
} as const;
