import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditTrailQueryOptions } from '../../../components/audit-trail/audit-trail-query.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { crmEndpoints } from '../shared/endpoints.ts';

export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['crm', 'customer', id],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.getCustomer, { query: { id }, signal }),
  });

export const useCustomer = (id: number) => useQuery(customerQueryOptions(id));

/**
 * The customer page's route loader: the customer (waited for, so the page renders with it) and its
 * history (started, not waited for). A failure is left to the page to show.
 */
export async function prefetchCustomer(id: number): Promise<void> {
  void queryClient.prefetchQuery(auditTrailQueryOptions('customer', id));
  await queryClient.ensureQueryData(customerQueryOptions(id)).catch(() => {});
}
