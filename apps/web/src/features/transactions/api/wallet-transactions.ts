import type { EndpointQuery, transactionsApi } from '@backdesk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';

const listEndpoint = endpointRef(
  (c) => c.transactionsApi.listWalletTransactions,
  'GET',
  '/api/transactions/wallet-transactions',
);
const detailEndpoint = endpointRef(
  (c) => c.transactionsApi.getWalletTransaction,
  'GET',
  '/api/transactions/wallet-transaction',
);
const approveEndpoint = endpointRef(
  (c) => c.transactionsApi.approveWithdrawal,
  'POST',
  '/api/transactions/wallet-transactions/approve',
);
const rejectEndpoint = endpointRef(
  (c) => c.transactionsApi.rejectWithdrawal,
  'POST',
  '/api/transactions/wallet-transactions/reject',
);
export const WALLET_EXPORT_PATH = '/api/transactions/wallet-transactions/export';

export type WalletTxQuery = EndpointQuery<typeof transactionsApi.listWalletTransactions>;
const KEY = ['transactions', 'wallet'] as const;

export const walletTransactionsQueryOptions = (query: WalletTxQuery) =>
  queryOptions({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => callEndpoint(listEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useWalletTransactions = (query: WalletTxQuery) =>
  useQuery(walletTransactionsQueryOptions(query));

export const walletTransactionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(detailEndpoint, { query: { id }, signal }),
  });
export const useWalletTransaction = (id: number | undefined) =>
  useQuery({ ...walletTransactionQueryOptions(id ?? 0), enabled: id !== undefined });

interface Decision {
  id: number;
  version: number;
  reason?: string;
  key: string;
}

/** A decision refreshes the list, the detail and its audit history. */
export function useReviewWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, id, version, reason, key }: Decision & { decision: 'approve' | 'reject' }) =>
      decision === 'approve'
        ? callEndpoint(approveEndpoint, {
            body: { id, version, ...(reason ? { reason } : {}) },
            idempotencyKey: key,
          })
        : callEndpoint(rejectEndpoint, { body: { id, version, reason: reason ?? '' }, idempotencyKey: key }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: KEY }),
        client.invalidateQueries({ queryKey: ['transactions', 'audit'] }),
      ]),
  });
}
