import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from './endpoints.ts';

export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['crm', 'customer', id],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.getCustomer, { query: { id }, signal }),
  });

export const useCustomer = (id: number) => useQuery(customerQueryOptions(id));

export const auditHistoryQueryOptions = (entity: string, entityId: string | number) =>
  queryOptions({
    queryKey: ['audit', entity, String(entityId)],
    queryFn: ({ signal }) =>
      callEndpoint(crmEndpoints.auditHistory, { query: { entity, entityId: String(entityId) }, signal }),
  });

export const useAuditHistory = (entity: string, entityId: string | number) =>
  useQuery(auditHistoryQueryOptions(entity, entityId));
