import * as transactionsRoutes from '@backdesk/contract/routes/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { transactionsRef } from '../../../lib/contract.ts';

const overviewEndpoint = transactionsRef(transactionsRoutes.getTransactionsOverview);

export const transactionsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['transactions', 'overview'],
    queryFn: ({ signal }) => callEndpoint(overviewEndpoint, { signal }),
    refetchInterval: 60_000,
  });

export const useTransactionsOverview = () => useQuery(transactionsOverviewQueryOptions());
