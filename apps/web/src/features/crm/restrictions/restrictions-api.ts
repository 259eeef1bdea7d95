import type { AddRestrictionBody } from '@backdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { crmEndpoints } from '../shared/endpoints.ts';

export const restrictionsSource = listSource({
  endpoint: crmEndpoints.restrictions,
  queryKey: ['crm', 'restrictions'],
});

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
