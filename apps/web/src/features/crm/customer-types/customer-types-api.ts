import type { MoveCustomersBody, UpdateCustomerTypeBody } from '@backdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from '../shared/endpoints.ts';

/** The tiers: a short list the server answers whole, shown by the list kit in client mode. */
export const customerTypesSource = listSource({
  endpoint: crmEndpoints.customerTypes,
  queryKey: ['crm', 'customer-types'],
  mode: 'client',
  read: (response) => ({ rows: response.items, nextCursor: null, prevCursor: null }),
});

/** The tiers for a picker; the same cache entry as the list. */
export const useCustomerTypes = () =>
  useQuery({ ...customerTypesSource.pageOptions({}), select: (page) => ({ items: page.rows }) });

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
