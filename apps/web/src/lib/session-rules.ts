import { SPEC_MESSAGES as specMessages } from '@backdesk/contract/messages';

/** docs/product-rules.md R4: a 401/403 whose body mentions one of these means the sign-in is over. */
export const SESSION_EXPIRY_MARKERS = [
  'Authentication required',
  'TokenExpiredError',
  'Invalid token',
] as const;

/** The report endpoints (R4) answer 401/403 for their own reasons; they never end the session. */
const IGNORED_PATH_PREFIX = '/api/panel/';
const LOGIN_PATH = '/login';

export interface FailedResponse {
  status: number;
  bodyText: string;
  /** The request URL, absolute or root-relative. */
  requestUrl: string;
  /** The page the user is on (`location.pathname`). */
  pagePath: string;
}

export const isLoginPath = (pagePath: string): boolean => pagePath.replace(/\/+$/, '') === LOGIN_PATH;

export function isSessionExpiryResponse({ status, bodyText, requestUrl, pagePath }: FailedResponse): boolean {
  if (status !== 401 && status !== 403) return false;
  if (isLoginPath(pagePath)) return false;
  if (new URL(requestUrl, 'http://backdesk.invalid').pathname.startsWith(IGNORED_PATH_PREFIX)) return false;
  return SESSION_EXPIRY_MARKERS.some((marker) => bodyText.includes(marker));
}

/**
 * The short-lived access token ran out while the sign-in lives on: refresh and retry instead of
 * ending the session.
 */
export function isAccessTokenExpiry(status: number, body: { code?: string; message?: string } | undefined) {
  return (
    status === 401 &&
    (body?.code === 'ACCESS_TOKEN_EXPIRED' || body?.message === specMessages.accessTokenExpired)
  );
}
