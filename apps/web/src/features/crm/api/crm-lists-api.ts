import type { CustomerKycQuery, UserAssetsQuery } from '@backdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from './endpoints.ts';

export const customerKycQueryOptions = (query: CustomerKycQuery) =>
  queryOptions({
    queryKey: ['crm', 'kyc', query],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.kyc, { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useCustomerKyc = (query: CustomerKycQuery) => useQuery(customerKycQueryOptions(query));

export const userAssetsQueryOptions = (query: UserAssetsQuery) =>
  queryOptions({
    queryKey: ['crm', 'user-assets', query],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.userAssets, { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useUserAssets = (query: UserAssetsQuery) => useQuery(userAssetsQueryOptions(query));

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
