import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { transactionsRef } from '../../../lib/contract.ts';

const overviewEndpoint = transactionsRef(
  (c) => c.getTransactionsOverview,
  'GET',
  '/api/transactions/overview',
  'read',
);

export const transactionsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['transactions', 'overview'],
    queryFn: ({ signal }) => callEndpoint(overviewEndpoint, { signal }),
    refetchInterval: 60_000,
  });

export const useTransactionsOverview = () => useQuery(transactionsOverviewQueryOptions());
