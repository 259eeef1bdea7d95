import type { ScimToken } from '@backdesk/contract';
import * as scimTokensRoutes from '@backdesk/contract/routes/scim-tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { scimTokensRef } from '../../../lib/contract.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';

/** The SCIM tokens of Settings → Members (capability `staff`). */
export const scimTokensEndpoints = {
  list: scimTokensRef(scimTokensRoutes.listScimTokens),
  create: scimTokensRef(scimTokensRoutes.createScimToken),
  revoke: scimTokensRef(scimTokensRoutes.revokeScimToken),
};

const KEY = ['members', 'scim-tokens'] as const;

export const scimTokensQuery = queryOptions({
  queryKey: KEY,
  queryFn: () => callEndpoint(scimTokensEndpoints.list),
});
export const useScimTokens = () => useQuery(scimTokensQuery);

export const useCreateScimToken = () =>
  useSettledMutation(KEY, (name: string) => callEndpoint(scimTokensEndpoints.create, { body: { name } }));

export const useRevokeScimToken = () =>
  useSettledMutation(KEY, (token: Pick<ScimToken, 'id' | 'version'>) =>
    callEndpoint(scimTokensEndpoints.revoke, { body: { id: token.id, version: token.version } }),
  );
