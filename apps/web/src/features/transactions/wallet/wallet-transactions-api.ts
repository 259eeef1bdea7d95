import * as transactionsRoutes from '@backdesk/contract/routes/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { transactionsRef } from '../../../lib/contract.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';

/** The wallet endpoints, named without loading the contract (lib/contract.ts). */
export const walletEndpoints = {
  list: transactionsRef(transactionsRoutes.listWalletTransactions),
  export: transactionsRef(transactionsRoutes.exportWalletTransactions),
  detail: transactionsRef(transactionsRoutes.getWalletTransaction),
  checks: transactionsRef(transactionsRoutes.getWithdrawalChecks),
  approve: transactionsRef(transactionsRoutes.approveWithdrawal),
  reject: transactionsRef(transactionsRoutes.rejectWithdrawal),
};

const KEY = ['transactions', 'wallet'] as const;

/** The wallet transactions; `id` in the URL is the open detail drawer, not a filter. */
export const walletSource = listSource({ endpoint: walletEndpoints.list, queryKey: KEY, local: ['id'] });

export const walletTransactionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(walletEndpoints.detail, { query: { id }, signal }),
  });
export const useWalletTransaction = (id: number | undefined) =>
  useQuery({ ...walletTransactionQueryOptions(id ?? 0), enabled: id !== undefined });

/** The restriction and limit checks an approval would run, as of now (under KEY: a decision refreshes them). */
export const useWithdrawalChecks = (id: number) =>
  useQuery({
    queryKey: [...KEY, 'checks', id],
    queryFn: ({ signal }) => callEndpoint(walletEndpoints.checks, { query: { id }, signal }),
  });

interface Decision {
  id: number;
  version: number;
  reason?: string;
  key: string;
}

/** A decision refreshes the list, the detail and its audit history. */
export const useReviewWithdrawal = () =>
  useSettledMutation(
    [KEY, ['audit', 'wallet_transaction']],
    ({ decision, id, version, reason, key }: Decision & { decision: 'approve' | 'reject' }) =>
      decision === 'approve'
        ? callEndpoint(walletEndpoints.approve, {
            body: { id, version, ...(reason ? { reason } : {}) },
            idempotencyKey: key,
          })
        : callEndpoint(walletEndpoints.reject, {
            body: { id, version, reason: reason ?? '' },
            idempotencyKey: key,
          }),
  );
