import type { MoveCustomersBody, UpdateCustomerTypeBody } from '@backdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';
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

export const useUpdateCustomerType = () =>
  useSettledMutation(['crm', 'customer-types'], (body: UpdateCustomerTypeBody) =>
    callEndpoint(crmEndpoints.updateCustomerType, { body }),
  );

/** Moving customers changes their tier everywhere CRM shows it. */
export const useMoveCustomers = () =>
  useSettledMutation(['crm'], (body: MoveCustomersBody) =>
    callEndpoint(crmEndpoints.moveCustomers, { body }),
  );
