// Free of zod, so the web app can translate access-log rows before the schemas load.

/**
 * What the access log records (one row per event, append-only); the web app translates each as
 * `logs:events.<name>`. The server writes them through modules/access-log.
 */
export const ACCESS_EVENTS = [
  // signing in and out
  'login',
  'login_failed',
  'login_throttled',
  'captcha_failed',
  'refresh',
  'refresh_reuse',
  'signout',
  'session_expired',
  'session_revoked',
  'throttle_cleared',
  // an API call refused with 401 or 403
  'access_denied',
  // two-factor
  'two_factor_passed',
  'two_factor_failed',
  'two_factor_throttled',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
  'recovery_code_used',
  'recovery_codes_renewed',
  'passkey_added',
  'passkey_removed',
  // password
  'password_changed',
  'password_change_failed',
  // members (a super's changes to staff)
  'member_created',
  'member_roles_changed',
  'member_disabled',
  'member_enabled',
] as const;
export type AccessEvent = (typeof ACCESS_EVENTS)[number];

/** How an event ended, for the outcome filter: a refused or failed attempt, or a normal event. */
export const ACCESS_OUTCOMES = ['success', 'failure'] as const;
export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];

const FAILURES: ReadonlySet<AccessEvent> = new Set([
  'login_failed',
  'login_throttled',
  'captcha_failed',
  'refresh_reuse',
  'access_denied',
  'two_factor_failed',
  'two_factor_throttled',
  'password_change_failed',
]);

export const accessOutcome = (event: AccessEvent): AccessOutcome =>
  FAILURES.has(event) ? 'failure' : 'success';
