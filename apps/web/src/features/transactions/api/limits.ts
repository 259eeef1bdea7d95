import type { EndpointBody, TransactionLimit, transactionsApi } from '@backdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';

/** The limit endpoints, named without loading the contract (lib/contract.ts). */
export const limitEndpoints = {
  list: endpointRef(
    (c) => c.transactionsApi.listTransactionLimits,
    'GET',
    '/api/transactions/transaction-limits',
    'read',
  ),
  create: endpointRef(
    (c) => c.transactionsApi.createTransactionLimit,
    'POST',
    '/api/transactions/transaction-limit-create',
    'configure',
  ),
  delete: endpointRef(
    (c) => c.transactionsApi.deleteTransactionLimit,
    'POST',
    '/api/transactions/transaction-limit-delete',
    'configure',
  ),
};

/** Spec §5: only a success flag with a limits array counts; anything else empties the list. */
export function limitsOf(response: unknown): TransactionLimit[] {
  if (!response || typeof response !== 'object') return [];
  const { success, limits } = response as { success?: unknown; limits?: unknown };
  return success === true && Array.isArray(limits) ? (limits as TransactionLimit[]) : [];
}

/** Every limit at once (a short list): the list kit sorts it in the browser. */
export const limitsSource = listSource({
  endpoint: limitEndpoints.list,
  queryKey: ['transactions', 'limits'],
  mode: 'client',
  read: (response) => ({ rows: limitsOf(response), nextCursor: null, prevCursor: null }),
});

/** The limits for the tester; the same cache entry as the list. */
export const useLimits = () => useQuery({ ...limitsSource.pageOptions({}), select: (page) => page.rows });

type LimitBody = EndpointBody<typeof transactionsApi.createTransactionLimit>;

/** Creating or deleting reloads the list (spec §4); one key per user action makes a retry harmless. */
export function useCreateLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ limit, key }: { limit: LimitBody; key: string }) =>
      callEndpoint(limitEndpoints.create, { body: limit, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: ['transactions', 'limits'] }),
  });
}

export function useDeleteLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lid, key }: { lid: number; key: string }) =>
      callEndpoint(limitEndpoints.delete, { body: { lid }, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: ['transactions', 'limits'] }),
  });
}
