import type { EndpointBody, transactionsApi } from '@backdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';

const listEndpoint = endpointRef(
  (c) => c.transactionsApi.listCommissionRules,
  'GET',
  '/api/transactions/commissions',
);
const createEndpoint = endpointRef(
  (c) => c.transactionsApi.createCommissionRule,
  'POST',
  '/api/transactions/commissions/create',
);
const updateEndpoint = endpointRef(
  (c) => c.transactionsApi.updateCommissionRule,
  'POST',
  '/api/transactions/commissions/update',
);
const deleteEndpoint = endpointRef(
  (c) => c.transactionsApi.deleteCommissionRule,
  'POST',
  '/api/transactions/commissions/delete',
);

const KEY = ['transactions', 'commissions'] as const;

export const commissionsQueryOptions = () =>
  queryOptions({ queryKey: KEY, queryFn: ({ signal }) => callEndpoint(listEndpoint, { signal }) });
export const useCommissions = () => useQuery(commissionsQueryOptions());

export type CommissionBody = EndpointBody<typeof transactionsApi.createCommissionRule>;

export function useSaveCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      rule,
      id,
      version,
      key,
    }: {
      rule: CommissionBody;
      id?: number;
      version?: number;
      key: string;
    }) =>
      id !== undefined && version !== undefined
        ? callEndpoint(updateEndpoint, { body: { ...rule, id, version }, idempotencyKey: key })
        : callEndpoint(createEndpoint, { body: rule, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, key }: { id: number; version: number; key: string }) =>
      callEndpoint(deleteEndpoint, { body: { id, version }, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
