import type { UserAssetsQuery } from '@backdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from './endpoints.ts';

export const customerKycSource = listSource({ endpoint: crmEndpoints.kyc, queryKey: ['crm', 'kyc'] });

export const userAssetsSource = listSource({
  endpoint: crmEndpoints.userAssets,
  queryKey: ['crm', 'user-assets'],
});

export const useAssetTotals = (query: Pick<UserAssetsQuery, 'customer' | 'asset' | 'customerId'>) =>
  useQuery({
    queryKey: ['crm', 'asset-totals', query],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.assetTotals, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const crmOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['crm', 'overview'],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.overview, { signal }),
    staleTime: 30_000,
  });
export const useCrmOverview = () => useQuery(crmOverviewQueryOptions());
