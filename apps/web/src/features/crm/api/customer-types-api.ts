import type { MoveCustomersBody, UpdateCustomerTypeBody } from '@backdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from './endpoints.ts';

export const customerTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['crm', 'customer-types'],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.customerTypes, { signal }),
  });

export const useCustomerTypes = () => useQuery(customerTypesQueryOptions());

export function useUpdateCustomerType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerTypeBody) => callEndpoint(crmEndpoints.updateCustomerType, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['crm', 'customer-types'] }),
  });
}

export function useMoveCustomers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveCustomersBody) => callEndpoint(crmEndpoints.moveCustomers, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['crm'] }),
  });
}
