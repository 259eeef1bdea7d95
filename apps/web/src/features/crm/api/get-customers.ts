import type { CustomerFilters } from '@backdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { readCustomersResponse, rememberAuthError, toCustomerFetchError } from './customers-response.ts';
import { crmEndpoints } from './endpoints.ts';

export type CustomersListQuery = CustomerFilters & { sort: string; dir: 'asc' | 'desc'; cursor?: string };

export async function getCustomers(query: CustomersListQuery, signal?: AbortSignal) {
  try {
    const data = await callEndpoint(crmEndpoints.getUsers, { query: query as never, signal });
    return readCustomersResponse(data);
  } catch (error) {
    if (signal?.aborted) throw error;
    const failure = toCustomerFetchError(error);
    rememberAuthError(failure);
    throw failure;
  }
}

export const customersQueryOptions = (query: CustomersListQuery) =>
  queryOptions({
    queryKey: ['crm', 'customers', query],
    queryFn: ({ signal }) => getCustomers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (query: CustomersListQuery) => useQuery(customersQueryOptions(query));

export const customerFacetsQueryOptions = () =>
  queryOptions({
    queryKey: ['crm', 'customer-facets'],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.facets, { signal }),
    staleTime: 60_000,
  });

export const useCustomerFacets = () => useQuery(customerFacetsQueryOptions());
