import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { ChecksService } from './checks.service.ts';

/** The staff side: the recorded checks, read where the member's lists read (app.reads). */
export function registerChecksRoutes(app: FastifyInstance, { checks }: { checks: ChecksService }): void {
  registerEndpoint(app, transactionsApi.listRealtimeChecks, async ({ query, actor }) =>
    checks.page(await app.reads.db(actor.memberId), query),
  );
}
