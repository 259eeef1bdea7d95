import { inboxApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { InboxService } from './inbox.service.ts';

export function registerInboxRoutes(app: FastifyInstance, deps: { service: InboxService }): void {
  const { service } = deps;
  registerEndpoint(app, inboxApi.listInbox, ({ query, member }) => service.page(member.id, query));
  registerEndpoint(app, inboxApi.countInbox, ({ query, member }) => service.count(member.id, query));
  registerEndpoint(app, inboxApi.inboxSummary, ({ member }) => service.summary(member.id));
  registerEndpoint(app, inboxApi.markInbox, async ({ body, member }) => ({
    success: true as const,
    changed: await service.mark(member.id, body.ids, body.read),
  }));
  registerEndpoint(app, inboxApi.assignInbox, async ({ body, actor }) => ({
    success: true as const,
    item: await service.assign(actor, body),
  }));
}
