// Kept free of zod, and of the error catalogue, so the sign-in page carries only these few texts.
/** The sign-in and session texts fixed to the letter (docs/product-rules.md R2, R4); the catalogue uses them. */
export const SPEC_MESSAGES = {
  loginFailed: 'Login failed',
  loginSuccessful: 'Login successful',
  accessDenied: 'Access denied: Administrative privileges required',
  authenticationRequired: 'Authentication required',
  tokenExpired: 'TokenExpiredError: session expired',
  accessTokenExpired: 'Access token expired',
  invalidToken: 'Invalid token',
} as const;
