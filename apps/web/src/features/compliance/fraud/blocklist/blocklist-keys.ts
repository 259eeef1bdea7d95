import type { fraudApi } from '@backdesk/contract';

/** The blocklist's sort keys and states, for the route before the contract loads (fraud/blocklist.ts). */
export const BLOCKLIST_SORT_KEYS = [
  'created_at',
  'kind',
  'value',
] as const satisfies readonly (typeof fraudApi.BLOCKLIST_SORT_KEYS)[number][];
export const BLOCKLIST_STATES = ['active', 'removed'] as const satisfies readonly fraudApi.BlocklistState[];
/** The largest import file (fraud/blocklist.ts BLOCKLIST_IMPORT_MAX_BYTES), checked before it is read. */
export const BLOCKLIST_IMPORT_MAX_BYTES = 512 * 1024;
