import type { ScimToken } from '@backdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { scimTokensRef } from '../../../lib/contract.ts';

/** The SCIM tokens of Settings → Members (capability `staff`). */
export const scimTokensEndpoints = {
  list: scimTokensRef((c) => c.listScimTokens, 'GET', '/api/members/scim-tokens', 'staff'),
  create: scimTokensRef((c) => c.createScimToken, 'POST', '/api/members/scim-tokens/create', 'staff'),
  revoke: scimTokensRef((c) => c.revokeScimToken, 'POST', '/api/members/scim-tokens/revoke', 'staff'),
};

const KEY = ['members', 'scim-tokens'] as const;

export const scimTokensQuery = queryOptions({
  queryKey: KEY,
  queryFn: () => callEndpoint(scimTokensEndpoints.list),
});
export const useScimTokens = () => useQuery(scimTokensQuery);

export function useCreateScimToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(scimTokensEndpoints.create, { body: { name } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeScimToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: Pick<ScimToken, 'id' | 'version'>) =>
      callEndpoint(scimTokensEndpoints.revoke, { body: { id: token.id, version: token.version } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
