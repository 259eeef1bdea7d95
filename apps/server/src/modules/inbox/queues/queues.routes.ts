import { inboxApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { QueuesService } from './queues.service.ts';

export function registerQueuesRoutes(app: FastifyInstance, deps: { service: QueuesService }): void {
  const { service } = deps;
  registerEndpoint(app, inboxApi.listTeamQueues, ({ member }) => service.list(member.id));
  registerEndpoint(app, inboxApi.takeNextFromQueue, async ({ body, actor }) => ({
    success: true as const,
    item: await service.takeNext(actor, body.kind),
  }));
  registerEndpoint(app, inboxApi.updateQueueRouting, async ({ body, actor }) => ({
    success: true as const,
    queue: await service.updateRouting(actor, body),
  }));
  registerEndpoint(app, inboxApi.setAway, async ({ body, actor }) => ({
    success: true as const,
    away_until: await service.setAway(actor, body.until),
  }));
}
