import { AUTH_COOKIES } from '@backdesk/contract/auth-cookies';
import i18next from 'i18next';
import { authStore } from '../../lib/auth-store.ts';
import { deleteCookie, readCookie } from '../../lib/cookies.ts';
import { notify } from '../../lib/notify.ts';
import { isLoginPath } from '../../lib/session-rules.ts';
import { clearAuthCookies } from './auth-cookies.ts';
import { signoutBeforeLeaving } from './signout.ts';

/** docs/product-rules.md R4: set (not HttpOnly) by the server when it ends a session on its own, e.g. a reused refresh token. */
export const AUTH_ERROR_COOKIE = AUTH_COOKIES.authError;

/** docs/product-rules.md R4 timings. */
export const SESSION_EXPIRED_REDIRECT_MS = 500;
export const SESSION_EXPIRED_TOAST_MS = 3000;
export const AUTH_ERROR_POLL_MS = 1000;
/** The longest the redirect waits for the toast's code (loaded with the first toast) on a slow link. */
const TOAST_WAIT_CAP_MS = 5000;

let expiring = false;

/**
 * docs/product-rules.md R4: tell the user, drop the session everywhere and start over on /login. Runs once per
 * page: several failing requests at the same moment must not stack toasts or redirects.
 */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  const { shown } = notify({
    title: i18next.t('session.expiredTitle'),
    description: i18next.t('session.expiredDescription'),
    color: 'red',
    timeout: SESSION_EXPIRED_TOAST_MS,
  });
  deleteCookie(AUTH_ERROR_COOKIE);
  // HttpOnly token cookies only the server can clear, which sign-out does on the same paths.
  clearAuthCookies();
  signoutBeforeLeaving();
  authStore.signOut();
  // The 500 ms count from the toast showing: when its code is still loading, leaving at once would
  // take the page, and the only word of why, away before the toast appeared.
  const leave = () =>
    setTimeout(() => {
      window.location.href = '/login';
    }, SESSION_EXPIRED_REDIRECT_MS);
  void Promise.race([shown, new Promise((resolve) => setTimeout(resolve, TOAST_WAIT_CAP_MS))]).then(leave);
}

/** Polls the auth_error cookie (docs/product-rules.md R4). On /login there is no session to end: the cookie is just dropped. */
export function watchAuthErrorCookie(): () => void {
  const timer = setInterval(() => {
    if (readCookie(AUTH_ERROR_COOKIE) !== 'true') return;
    if (isLoginPath(location.pathname)) deleteCookie(AUTH_ERROR_COOKIE);
    else expireSession();
  }, AUTH_ERROR_POLL_MS);
  return () => clearInterval(timer);
}
