import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from './endpoints.ts';

export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['crm', 'customer', id],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.getCustomer, { query: { id }, signal }),
  });

export const useCustomer = (id: number) => useQuery(customerQueryOptions(id));
