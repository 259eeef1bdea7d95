// Kept free of zod so the sign-in page can use the texts without loading the schemas.
import { ERROR_CATALOGUE } from './error-catalogue.ts';

/** The sign-in texts the spec fixes to the letter; the error texts are the catalogue's own. */
export const SPEC_MESSAGES = {
  loginFailed: ERROR_CATALOGUE.LOGIN_FAILED.message,
  loginSuccessful: 'Login successful',
  accessDenied: ERROR_CATALOGUE.ACCESS_DENIED.message,
  authenticationRequired: ERROR_CATALOGUE.AUTHENTICATION_REQUIRED.message,
  tokenExpired: ERROR_CATALOGUE.TOKEN_EXPIRED.message,
  accessTokenExpired: ERROR_CATALOGUE.ACCESS_TOKEN_EXPIRED.message,
  invalidToken: ERROR_CATALOGUE.INVALID_TOKEN.message,
} as const;
