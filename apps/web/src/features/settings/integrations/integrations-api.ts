import type {
  CreateIntegrationKeyBody,
  Integration,
  IntegrationFields,
  UpdateIntegrationBody,
} from '@backdesk/contract';
import * as integrationsRoutes from '@backdesk/contract/routes/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/index.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { integrationsRef } from '../../../lib/contract.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';

/** The endpoints of Settings → Integrations (capability `integrations`, super only; R66). */
export const integrationsEndpoints = {
  list: integrationsRef(integrationsRoutes.listIntegrations),
  create: integrationsRef(integrationsRoutes.createIntegration),
  update: integrationsRef(integrationsRoutes.updateIntegration),
  disable: integrationsRef(integrationsRoutes.disableIntegration),
  enable: integrationsRef(integrationsRoutes.enableIntegration),
  createKey: integrationsRef(integrationsRoutes.createIntegrationKey),
  revokeKey: integrationsRef(integrationsRoutes.revokeIntegrationKey),
  calls: integrationsRef(integrationsRoutes.listIntegrationCalls),
  retention: integrationsRef(integrationsRoutes.getCallRetention),
  setRetention: integrationsRef(integrationsRoutes.setCallRetention),
};

const LIST_KEY = ['integrations', 'list'] as const;

export const integrationsQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: async () => (await callEndpoint(integrationsEndpoints.list)).items,
});
export const useIntegrations = () => useQuery(integrationsQuery);

/** One integration out of the list (a handful of them; the list carries the keys too). */
export const useIntegration = (id: number) =>
  useQuery({ ...integrationsQuery, select: (items) => items.find((i) => i.id === id) ?? null });

/** Every change reads the list again, settled or refused (a refusal may mean someone else changed it). */
const useIntegrationChange = <I, R>(send: (input: I) => Promise<R>) => useSettledMutation(LIST_KEY, send);

type Ref = Pick<Integration, 'id' | 'version'>;
const refOf = ({ id, version }: Ref) => ({ id, version });

/** One Idempotency-Key per filled-in form: a retried submit creates the integration once. */
export const useCreateIntegration = () =>
  useIntegrationChange(
    async ({ body, key }: { body: IntegrationFields; key: string }) =>
      (await callEndpoint(integrationsEndpoints.create, { body, idempotencyKey: key })).integration,
  );

export const useUpdateIntegration = () =>
  useIntegrationChange(
    async (body: UpdateIntegrationBody) =>
      (await callEndpoint(integrationsEndpoints.update, { body })).integration,
  );

/** Disables or enables: refused keys hold on every node from the next request (R67). */
export const useSetIntegrationEnabled = () =>
  useIntegrationChange(async ({ integration, enabled }: { integration: Ref; enabled: boolean }) => {
    const body = refOf(integration);
    const answer = enabled
      ? await callEndpoint(integrationsEndpoints.enable, { body })
      : await callEndpoint(integrationsEndpoints.disable, { body });
    return answer.integration;
  });

export const useCreateKey = () =>
  useIntegrationChange((body: CreateIntegrationKeyBody) =>
    callEndpoint(integrationsEndpoints.createKey, { body }),
  );

export const useRevokeKey = () =>
  useIntegrationChange(
    async (id: number) => (await callEndpoint(integrationsEndpoints.revokeKey, { body: { id } })).key,
  );

/** The call log: one row per request of the public API, newest first, paged by cursor. */
export const callLogSource = listSource({
  endpoint: integrationsEndpoints.calls,
  queryKey: ['integrations', 'calls'],
});

/** The integration's latest calls, for its page (the call log has them all). */
export const useRecentCalls = (integration: number) =>
  useQuery({
    queryKey: ['integrations', 'calls', 'recent', integration],
    queryFn: async () =>
      (await callEndpoint(integrationsEndpoints.calls, { query: { integration, limit: 10 } })).items,
    refetchInterval: 15_000,
  });
