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

/**
 * The list's total, asked next to the page so the rows never wait for it. Keyed by the filters
 * only: paging and sorting keep it, and invalidating ['crm', 'customers'] refreshes it too.
 */
export const useCustomerCount = (filters: CustomerFilters) =>
  useQuery({
    queryKey: ['crm', 'customers', 'count', filters],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.countUsers, { query: filters as never, signal }),
    select: (data) => data.total,
  });

export const customerFacetsQueryOptions = () =>
  queryOptions({
    queryKey: ['crm', 'customer-facets'],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.facets, { signal }),
    staleTime: 60_000,
  });

export const useCustomerFacets = () => useQuery(customerFacetsQueryOptions());
