import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { RestrictionsService } from './restrictions.service.ts';

/** PRODUCT.md: every panel role reads, adds and lifts restrictions. */
export function registerRestrictionRoutes(
  app: FastifyInstance,
  deps: { service: RestrictionsService },
): void {
  registerEndpoint(app, crmApi.listRestrictions, {}, ({ query }) => deps.service.list(query));
  registerEndpoint(app, crmApi.addRestriction, { idempotent: true }, async ({ body, member }) => ({
    success: true as const,
    restriction: await deps.service.add(body, member.id),
  }));
  registerEndpoint(app, crmApi.liftRestriction, {}, async ({ body, member }) => ({
    success: true as const,
    restriction: await deps.service.lift(body, member.id),
  }));
}
