import type { fraudApi } from '@backdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listSource } from '../../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../../lib/api.ts';
import { blocklistEndpoints as api } from './endpoints.ts';

const BLOCKLIST_KEY = ['fraud', 'blocklist'] as const;

export const blocklistSource = listSource({ endpoint: api.list, queryKey: BLOCKLIST_KEY });

/** After a change: the list, the runs (a rescan started) and the entry's history. */
function useInvalidation() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: BLOCKLIST_KEY }),
      client.invalidateQueries({ queryKey: ['fraud', 'runs'] }),
      client.invalidateQueries({ queryKey: ['audit', 'fraud_blocklist_entry'] }),
    ]);
}

export function useBlocklistActions() {
  const onSettled = useInvalidation();
  return {
    add: useMutation({
      mutationFn: ({ key, body }: { key: string; body: fraudApi.AddBlocklistEntryBody }) =>
        callEndpoint(api.add, { body: body as never, idempotencyKey: key }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (body: { id: number; version: number }) => callEndpoint(api.remove, { body }),
      onSettled,
    }),
    import: useMutation({
      mutationFn: ({ key, content }: { key: string; content: string }) =>
        callEndpoint(api.import, { body: { content }, idempotencyKey: key }),
      onSettled,
    }),
  };
}
