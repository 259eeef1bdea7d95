import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { RestrictionsService } from './restrictions.service.ts';

export function registerRestrictionRoutes(
  app: FastifyInstance,
  deps: { service: RestrictionsService },
): void {
  registerEndpoint(app, crmApi.listRestrictions, ({ query }) => deps.service.list(query));
  registerEndpoint(app, crmApi.addRestriction, async ({ body, actor }) => ({
    success: true as const,
    restriction: await deps.service.add(body, actor),
  }));
  registerEndpoint(app, crmApi.liftRestriction, async ({ body, actor }) => ({
    success: true as const,
    restriction: await deps.service.lift(body, actor),
  }));
}
