import * as dashboardRoutes from '@backdesk/contract/routes/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api.ts';
import { dashboardRef } from '../../lib/contract.ts';

const kpisEndpoint = dashboardRef(dashboardRoutes.getDashboardKpis);

export const getDashboardKpis = (signal?: AbortSignal) => callEndpoint(kpisEndpoint, { signal });

export const dashboardKpisQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'kpis'],
    queryFn: ({ signal }) => getDashboardKpis(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const useDashboardKpis = () => useQuery(dashboardKpisQueryOptions());
