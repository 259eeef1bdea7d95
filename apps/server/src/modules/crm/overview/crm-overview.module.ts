import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { createCrmOverviewRepository } from './crm-overview.repository.ts';

/** The overview has no rules of its own: the route reads the repository's counts. */
export function registerCrmOverviewModule(app: FastifyInstance, { db }: { db: Db }): void {
  const repo = createCrmOverviewRepository();
  registerEndpoint(app, crmApi.getCrmOverview, () => repo.counts(db));
}
