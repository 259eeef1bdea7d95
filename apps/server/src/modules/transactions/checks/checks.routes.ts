import { publicApi, transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { registerPublicEndpoint } from '../../platform/integrations/index.ts';
import type { ChecksService } from './checks.service.ts';

/** The exchange's side: one check per request, on the checks' own pool (decision 0025). */
export function registerPublicChecksRoutes(
  app: FastifyInstance,
  { checks }: { checks: ChecksService },
): void {
  registerPublicEndpoint(app, publicApi.checkWithdrawal, async ({ body, actor, report }) => {
    report({ received: 1, applied: 1, refused: 0 });
    return checks.withdrawal(actor, body);
  });
  registerPublicEndpoint(app, publicApi.checkP2p, async ({ body, actor, report }) => {
    report({ received: 1, applied: 1, refused: 0 });
    return checks.p2p(actor, body);
  });
}

/** The staff side: the recorded checks, read where the member's lists read (app.reads). */
export function registerChecksRoutes(app: FastifyInstance, { checks }: { checks: ChecksService }): void {
  registerEndpoint(app, transactionsApi.listRealtimeChecks, async ({ query, actor }) =>
    checks.page(await app.reads.db(actor.memberId), query),
  );
}
