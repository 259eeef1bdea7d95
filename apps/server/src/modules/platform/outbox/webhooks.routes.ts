import { webhooksApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { WebhookEndpoints } from './webhook-endpoints.ts';

/** Settings → Integrations → Webhooks (capability `integrations`). */
export function registerWebhookRoutes(app: FastifyInstance, { endpoints }: { endpoints: WebhookEndpoints }) {
  registerEndpoint(app, webhooksApi.listWebhookEndpoints, async ({ query }) => ({
    items: await endpoints.list(query.integration_id),
  }));
  registerEndpoint(app, webhooksApi.createWebhookEndpoint, async ({ body, actor }) => {
    const made = await endpoints.create(actor, {
      integrationId: body.integration_id,
      url: body.url,
      eventTypes: body.event_types,
      description: body.description,
    });
    return { success: true as const, endpoint: made.endpoint, secret: made.secret };
  });
  registerEndpoint(app, webhooksApi.updateWebhookEndpoint, async ({ body, actor }) => ({
    success: true as const,
    endpoint: await endpoints.update(actor, body.id, body.version, {
      url: body.url,
      description: body.description,
      eventTypes: body.event_types,
    }),
  }));
  registerEndpoint(app, webhooksApi.pauseWebhookEndpoint, async ({ body, actor }) => ({
    success: true as const,
    endpoint: await endpoints.setStatus(actor, body.id, body.version, 'paused'),
  }));
  registerEndpoint(app, webhooksApi.resumeWebhookEndpoint, async ({ body, actor }) => ({
    success: true as const,
    endpoint: await endpoints.setStatus(actor, body.id, body.version, 'enabled'),
  }));
  registerEndpoint(app, webhooksApi.deleteWebhookEndpoint, async ({ body, actor }) => {
    await endpoints.remove(actor, body.id, body.version);
    return { success: true as const };
  });
  registerEndpoint(app, webhooksApi.rotateWebhookSecret, async ({ body, actor }) => {
    const r = await endpoints.rotateSecret(actor, body.id, body.version);
    return {
      success: true as const,
      endpoint: r.endpoint,
      secret: r.secret,
      previous_expires_at: r.previousExpiresAt,
    };
  });
  registerEndpoint(app, webhooksApi.listWebhookDeliveries, async ({ query }) => ({
    items: await endpoints.deliveries(query.endpoint_id, query.status, query.limit),
  }));
  registerEndpoint(app, webhooksApi.listWebhookAttempts, async ({ query }) => ({
    items: await endpoints.attempts(query.endpoint_id, query.event_id),
  }));
  registerEndpoint(app, webhooksApi.replayWebhookEvent, async ({ body, actor }) => {
    await endpoints.replay(actor, body.event_id, body.endpoint_id);
    return { success: true as const };
  });
  registerEndpoint(app, webhooksApi.skipWebhookEvent, async ({ body, actor }) => {
    await endpoints.skipBlocked(actor, body.event_id, body.endpoint_id);
    return { success: true as const };
  });
  registerEndpoint(app, webhooksApi.replayWebhookRange, async ({ body, actor }) => ({
    success: true as const,
    events: await endpoints.replayRange(actor, body.endpoint_id, new Date(body.from), new Date(body.to)),
  }));
  registerEndpoint(app, webhooksApi.sendWebhookTest, async ({ body, actor }) => ({
    success: true as const,
    event_id: (await endpoints.sendTest(actor, body.id)).eventId,
  }));
}
