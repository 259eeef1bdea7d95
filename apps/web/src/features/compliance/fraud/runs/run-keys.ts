import type { fraudApi } from '@backdesk/contract';

/** The runs list's sort keys, for the route before the contract loads (fraud/runs.ts FRAUD_RUN_SORT_KEYS). */
export const RUN_SORT_KEYS = [
  'created_at',
] as const satisfies readonly (typeof fraudApi.FRAUD_RUN_SORT_KEYS)[number][];
