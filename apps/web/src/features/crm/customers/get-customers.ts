import type { crmApi, EndpointQuery } from '@backdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from '../shared/endpoints.ts';
import { readCustomersPage, rememberAuthError, toCustomerFetchError } from './customers-response.ts';

/** One page of customers; any failure becomes the customer-fetch error (docs/product-rules.md R25). */
export async function getCustomers(query: EndpointQuery<typeof crmApi.getUsers>, signal?: AbortSignal) {
  try {
    return readCustomersPage(await callEndpoint(crmEndpoints.getUsers, { query, signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    const failure = toCustomerFetchError(error);
    rememberAuthError(failure);
    throw failure;
  }
}

/**
 * The customer list. Its total is asked apart (count-users) and keyed by the filters alone, so the
 * rows never wait for the count and paging does not recount; invalidating ['crm', 'customers']
 * refreshes both.
 */
export const customersSource = listSource({
  endpoint: crmEndpoints.getUsers,
  queryKey: ['crm', 'customers'],
  fetchPage: getCustomers,
  count: crmEndpoints.countUsers,
});

export const customerFacetsQueryOptions = () =>
  queryOptions({
    queryKey: ['crm', 'customer-facets'],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.facets, { signal }),
    staleTime: 60_000,
  });

export const useCustomerFacets = () => useQuery(customerFacetsQueryOptions());
