import { AUTH_COOKIE_PATHS, AUTH_COOKIES } from '@backdesk/contract/auth-cookies';
import { type CookieJar, deleteCookie } from '../../lib/cookies.ts';

/**
 * docs/product-rules.md R3/R4: the token cookies go wherever the server ever set them, on each path
 * (a cookie is cleared only on its own). A script reaches only cookies that are not HttpOnly, such as
 * an earlier client's; the sign-out request has the server clear the HttpOnly ones on the same paths.
 */
export function clearAuthCookies(jar?: CookieJar): void {
  for (const path of AUTH_COOKIE_PATHS) {
    deleteCookie(AUTH_COOKIES.access, path, jar);
    deleteCookie(AUTH_COOKIES.refresh, path, jar);
  }
}
