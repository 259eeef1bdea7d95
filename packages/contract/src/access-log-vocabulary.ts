// Free of zod, so the web app can translate access-log rows before the schemas load.

/**
 * What the access log records (one row per event, append-only); the web app translates each as
 * `logs:events.<name>`. The server writes them through modules/logs/access-log.
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
  'member_identity_linked',
  'member_identity_unlinked',
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

// ── The access-log screen (/logs/access): zod-free, so its route validates the URL in the entry ──

/** The screen's two tabs: the access log and the audit trail. */
export const LOG_TABS = ['access', 'audit'] as const;
export type LogTab = (typeof LOG_TABS)[number];
/** Both lists sort by time, newest first; the row id breaks ties. */
export const LOG_SORT_KEYS = ['at'] as const;
/** URL filter parameters of the access log. */
export const ACCESS_LOG_FILTER_KEYS = ['member', 'event', 'outcome', 'ip', 'from', 'to'] as const;
/** URL filter parameters of the audit trail. */
export const AUDIT_TRAIL_FILTER_KEYS = ['member', 'entity', 'customer', 'from', 'to'] as const;
/** How many days access-log rows are kept: at least a month, at most ten years; a year by default. */
export const ACCESS_LOG_RETENTION = { minimum: 30, maximum: 3650, default: 365 } as const;
