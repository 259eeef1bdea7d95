import type { webhooksApi } from '@backdesk/contract';
import type { WebhookDeliveryStatus } from '@backdesk/contract/integrations/webhook-vocabulary';
import * as webhooksRoutes from '@backdesk/contract/routes/webhooks';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '../../../lib/api.ts';
import { webhooksRef } from '../../../lib/contract.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';

export type WebhookEndpoint = webhooksApi.WebhookEndpoint;
export type WebhookDelivery = webhooksApi.WebhookDelivery;
type Fields = webhooksApi.WebhookFields;
type Ref = Pick<WebhookEndpoint, 'id' | 'version'>;
type DeliveryRef = { endpoint_id: number; event_id: string };

/** Settings → Integrations → Webhooks (capability `integrations`, super only). */
export const webhooksEndpoints = {
  list: webhooksRef(webhooksRoutes.listWebhookEndpoints),
  create: webhooksRef(webhooksRoutes.createWebhookEndpoint),
  update: webhooksRef(webhooksRoutes.updateWebhookEndpoint),
  pause: webhooksRef(webhooksRoutes.pauseWebhookEndpoint),
  resume: webhooksRef(webhooksRoutes.resumeWebhookEndpoint),
  remove: webhooksRef(webhooksRoutes.deleteWebhookEndpoint),
  rotate: webhooksRef(webhooksRoutes.rotateWebhookSecret),
  test: webhooksRef(webhooksRoutes.sendWebhookTest),
  deliveries: webhooksRef(webhooksRoutes.listWebhookDeliveries),
  attempts: webhooksRef(webhooksRoutes.listWebhookAttempts),
  replay: webhooksRef(webhooksRoutes.replayWebhookEvent),
  skip: webhooksRef(webhooksRoutes.skipWebhookEvent),
  replayRange: webhooksRef(webhooksRoutes.replayWebhookRange),
};

/** Everything of one integration's webhooks: its endpoints, their logs and attempts. */
const integrationKey = (integrationId: number) => ['webhooks', integrationId] as const;

export const webhookEndpointsQuery = (integrationId: number) =>
  queryOptions({
    queryKey: [...integrationKey(integrationId), 'endpoints'] as const,
    queryFn: async () =>
      (await callEndpoint(webhooksEndpoints.list, { query: { integration_id: integrationId } })).items,
  });
export const useWebhookEndpoints = (integrationId: number) => useQuery(webhookEndpointsQuery(integrationId));

/**
 * An endpoint's delivery log, newest first. Polled while something is still pending, so a test event
 * or a replay is seen delivered without reloading; when a delivery is seen settled that was not before
 * the endpoints are read again too (a 410 disables one, a failure for good blocks a customer). A
 * delivery can settle before the log ever saw it pending, so the falling pending count is not enough.
 */
export function useWebhookDeliveries(
  integrationId: number,
  endpointId: number,
  status: WebhookDeliveryStatus | null,
) {
  const client = useQueryClient();
  const deliveries = useQuery({
    queryKey: [...integrationKey(integrationId), 'deliveries', endpointId, status] as const,
    queryFn: async () =>
      (
        await callEndpoint(webhooksEndpoints.deliveries, {
          query: { endpoint_id: endpointId, limit: 50, ...(status ? { status } : {}) },
        })
      ).items,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
  });
  const settled = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!deliveries.data) return;
    const now = new Set(deliveries.data.filter((d) => d.status !== 'pending').map((d) => d.id));
    const seen = settled.current;
    if (seen && [...now].some((id) => !seen.has(id)))
      void client.invalidateQueries({ queryKey: webhookEndpointsQuery(integrationId).queryKey });
    settled.current = now;
  }, [deliveries.data, client, integrationId]);
  return deliveries;
}

/** Every attempt at one delivery; read again when its count of attempts moves (a retry came). */
export const useWebhookAttempts = (integrationId: number, delivery: DeliveryRef | null, attempts: number) =>
  useQuery({
    queryKey: [
      ...integrationKey(integrationId),
      'attempts',
      delivery?.endpoint_id,
      delivery?.event_id,
      attempts,
    ] as const,
    queryFn: async () => (await callEndpoint(webhooksEndpoints.attempts, { query: delivery! })).items,
    enabled: delivery !== null,
  });

/** Every change reloads the integration's webhooks (the endpoints' counts move with their logs). */
const useWebhookChange = <I, R>(integrationId: number, send: (input: I) => Promise<R>) =>
  useSettledMutation(integrationKey(integrationId), send);

/** One Idempotency-Key per filled-in form: a retried submit adds the endpoint once. */
export const useCreateWebhookEndpoint = (integrationId: number) =>
  useWebhookChange(integrationId, ({ body, key }: { body: Fields; key: string }) =>
    callEndpoint(webhooksEndpoints.create, {
      body: { ...body, integration_id: integrationId },
      idempotencyKey: key,
    }),
  );

export const useUpdateWebhookEndpoint = (integrationId: number) =>
  useWebhookChange(integrationId, (body: Fields & Ref) => callEndpoint(webhooksEndpoints.update, { body }));

export const usePauseWebhookEndpoint = (integrationId: number) =>
  useWebhookChange(integrationId, (ref: Ref) =>
    callEndpoint(webhooksEndpoints.pause, { body: { id: ref.id, version: ref.version } }),
  );
export const useResumeWebhookEndpoint = (integrationId: number) =>
  useWebhookChange(integrationId, (ref: Ref) =>
    callEndpoint(webhooksEndpoints.resume, { body: { id: ref.id, version: ref.version } }),
  );
export const useDeleteWebhookEndpoint = (integrationId: number) =>
  useWebhookChange(integrationId, (ref: Ref) =>
    callEndpoint(webhooksEndpoints.remove, { body: { id: ref.id, version: ref.version } }),
  );
export const useRotateWebhookSecret = (integrationId: number) =>
  useWebhookChange(integrationId, (ref: Ref) =>
    callEndpoint(webhooksEndpoints.rotate, { body: { id: ref.id, version: ref.version } }),
  );

export const useSendWebhookTest = (integrationId: number) =>
  useWebhookChange(integrationId, (id: number) => callEndpoint(webhooksEndpoints.test, { body: { id } }));

export const useReplayWebhookEvent = (integrationId: number) =>
  useWebhookChange(integrationId, (body: DeliveryRef) => callEndpoint(webhooksEndpoints.replay, { body }));
export const useSkipWebhookEvent = (integrationId: number) =>
  useWebhookChange(integrationId, (body: DeliveryRef) => callEndpoint(webhooksEndpoints.skip, { body }));

export const useReplayWebhookRange = (integrationId: number) =>
  useWebhookChange(integrationId, (body: { endpoint_id: number; from: string; to: string }) =>
    callEndpoint(webhooksEndpoints.replayRange, { body }),
  );
