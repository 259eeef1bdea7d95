import type { EndpointBody, TransactionLimit, transactionsApi } from '@backdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';

const listEndpoint = endpointRef(
  (c) => c.transactionsApi.listTransactionLimits,
  'GET',
  '/api/transactions/transaction-limits',
);
const createEndpoint = endpointRef(
  (c) => c.transactionsApi.createTransactionLimit,
  'POST',
  '/api/transactions/transaction-limit-create',
);
const deleteEndpoint = endpointRef(
  (c) => c.transactionsApi.deleteTransactionLimit,
  'POST',
  '/api/transactions/transaction-limit-delete',
);

/** Spec §5: only a success flag with a limits array counts; anything else empties the list. */
export function limitsOf(response: unknown): TransactionLimit[] {
  if (!response || typeof response !== 'object') return [];
  const { success, limits } = response as { success?: unknown; limits?: unknown };
  return success === true && Array.isArray(limits) ? (limits as TransactionLimit[]) : [];
}

export const limitsQueryOptions = () =>
  queryOptions({
    queryKey: ['transactions', 'limits'],
    queryFn: async ({ signal }) => limitsOf(await callEndpoint(listEndpoint, { signal })),
  });

export const useLimits = () => useQuery(limitsQueryOptions());

type LimitBody = EndpointBody<typeof transactionsApi.createTransactionLimit>;

/** Creating or deleting reloads the list (spec §4); one key per user action makes a retry harmless. */
export function useCreateLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ limit, key }: { limit: LimitBody; key: string }) =>
      callEndpoint(createEndpoint, { body: limit, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: ['transactions', 'limits'] }),
  });
}

export function useDeleteLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lid, key }: { lid: number; key: string }) =>
      callEndpoint(deleteEndpoint, { body: { lid }, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: ['transactions', 'limits'] }),
  });
}
