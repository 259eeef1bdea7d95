import type { AddRestrictionBody, RestrictionsQuery } from '@backdesk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from './endpoints.ts';

export const restrictionsQueryOptions = (query: RestrictionsQuery) =>
  queryOptions({
    queryKey: ['crm', 'restrictions', query],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.restrictions, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useRestrictions = (query: RestrictionsQuery) => useQuery(restrictionsQueryOptions(query));

function useRestrictionInvalidation() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['crm', 'restrictions'] });
    void client.invalidateQueries({ queryKey: ['crm', 'customer'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
  };
}

export function useAddRestriction() {
  const invalidate = useRestrictionInvalidation();
  return useMutation({
    mutationFn: ({ body, key }: { body: AddRestrictionBody; key: string }) =>
      callEndpoint(crmEndpoints.addRestriction, { body, idempotencyKey: key }),
    onSuccess: invalidate,
  });
}

export function useLiftRestriction() {
  const invalidate = useRestrictionInvalidation();
  return useMutation({
    mutationFn: (body: { id: number; reason: string; version: number }) =>
      callEndpoint(crmEndpoints.liftRestriction, { body }),
    onSuccess: invalidate,
  });
}
