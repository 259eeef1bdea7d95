import type { fraudApi } from '@backdesk/contract';
import { listSource } from '../../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../../lib/api.ts';
import { useSettledMutation } from '../../../../lib/settled-mutation.ts';
import { blocklistEndpoints as api } from './endpoints.ts';

const BLOCKLIST_KEY = ['fraud', 'blocklist'] as const;

export const blocklistSource = listSource({ endpoint: api.list, queryKey: BLOCKLIST_KEY });

/** After a blocklist change: the list, the rescans it starts, the entries' history. */
const BLOCKLIST_KEYS = [BLOCKLIST_KEY, ['fraud', 'runs'], ['audit', 'fraud_blocklist_entry']];
// The forms show what was stored once a change returns, never the old list in between.
const AWAIT = { awaitReload: true };

export function useBlocklistActions() {
  return {
    add: useSettledMutation(
      BLOCKLIST_KEYS,
      ({ key, body }: { key: string; body: fraudApi.AddBlocklistEntryBody }) =>
        callEndpoint(api.add, { body: body as never, idempotencyKey: key }),
      AWAIT,
    ),
    remove: useSettledMutation(
      BLOCKLIST_KEYS,
      (body: { id: number; version: number }) => callEndpoint(api.remove, { body }),
      AWAIT,
    ),
    import: useSettledMutation(
      BLOCKLIST_KEYS,
      ({ key, content }: { key: string; content: string }) =>
        callEndpoint(api.import, { body: { content }, idempotencyKey: key }),
      AWAIT,
    ),
  };
}
