import type { fraudApi } from '@backdesk/contract';

/**
 * The alert list's sort keys, for the route before the contract loads; `satisfies` keeps them to the
 * contract's own (fraud/alerts.ts FRAUD_ALERT_SORT_KEYS), the import being a type only.
 */
export const ALERT_SORT_KEYS = [
  'raised_at',
  'updated_at',
] as const satisfies readonly fraudApi.FraudAlertSortKey[];
