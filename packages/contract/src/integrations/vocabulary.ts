// Free of zod, so the web app can read these before the schemas load.

/** How a call of the public API ended, as the call log filters it. */
export const INTEGRATION_CALL_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type IntegrationCallOutcome = (typeof INTEGRATION_CALL_OUTCOMES)[number];

export const INTEGRATION_CALL_SORT_KEYS = ['at'] as const;
/** URL filter parameters of the call log. */
export const INTEGRATION_CALL_FILTER_KEYS = ['integration', 'route', 'outcome', 'from', 'to'] as const;

/** How many days call-log rows are kept: a week to two years; 90 days by default. */
export const INTEGRATION_CALL_RETENTION = { minimum: 7, maximum: 730, default: 90 } as const;

/** Longest allowlist an integration may have. */
export const MAX_ALLOWED_ADDRESSES = 50;
/** Requests per minute and key an integration may be given. */
export const INTEGRATION_RATE = { minimum: 1, maximum: 1_000_000, default: 20_000 } as const;
