import { publicApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerPollLoop } from '../../../platform/poll-loop.ts';
import { createChanges } from '../audit/changes.ts';
import { registerPublicEndpoint } from '../integrations/public-endpoint.ts';
import { createOutboxService, type OutboxService, type WebhookSettings } from './outbox.service.ts';
import { announceExpiredRestrictions } from './restriction-expiry.ts';
import { createWebhookEndpoints, type WebhookEndpoints } from './webhook-endpoints.ts';
import { createWebhookSecretBox } from './webhook-signing.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox of decisions and its webhook delivery (decision 0025 outbox). */
    outbox: OutboxService & { endpoints: WebhookEndpoints };
  }
}

/** How often an idle node looks for committed events and due deliveries. */
const POLL_MS = 200;

/**
 * Decisions out (docs/decisions/0025-exchange-integration.outbox.md): the events feed, the fan-out of
 * committed events into webhook deliveries and their delivery loop (on nodes running jobs; each
 * delivery is claimed with SKIP LOCKED, so once across nodes), and the daily prune.
 */
export function registerOutboxModule(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; secret: string; settings: WebhookSettings; run: boolean },
) {
  const box = createWebhookSecretBox(deps.secret);
  const changes = createChanges(deps.db);
  const service = createOutboxService({
    db: deps.db,
    clock: deps.clock,
    box,
    settings: deps.settings,
    changes,
  });
  const endpoints = createWebhookEndpoints({ db: deps.db, changes, box, settings: deps.settings });
  app.decorate('outbox', { ...service, endpoints });
  registerWebhookRoutes(app, { endpoints });

  registerPublicEndpoint(app, publicApi.events, async ({ query }) => service.feed(query.after, query.limit));

  app.jobs.task('outbox.prune', async () => {
    await service.prune();
  });
  app.jobs.schedule('outbox.prune', '41 3 * * *');
  app.jobs.task('restrictions.announce-expiry', async () => {
    await announceExpiredRestrictions(deps.db, changes);
  });
  app.jobs.schedule('restrictions.announce-expiry', '* * * * *');

  if (deps.run)
    registerPollLoop(app, { name: 'webhook delivery round', everyMs: POLL_MS, tick: () => service.tick() });
}
