import { publicApi, transactionsApi } from '@backdesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { createServerTiming } from '../../../lib/server-timing.ts';
import { registerPublicEndpoint } from '../../platform/integrations/index.ts';
import type { ChecksService } from './checks.service.ts';

/**
 * The exchange's side: one check per request, on the checks' own pool (decision 0025). A check that
 * already waited `shedAfterMs` in this node (a burst, a busy event loop) is shed with 503 and
 * Retry-After: worked on, its answer would arrive after the client held the operation anyway, and
 * the work would make every check behind it late too.
 */
export function registerPublicChecksRoutes(
  app: FastifyInstance,
  { checks, shedAfterMs }: { checks: ChecksService; shedAfterMs: number },
): void {
  const shedLate = (reply: FastifyReply) => {
    if (reply.elapsedTime >= shedAfterMs)
      throw new AppError('CHECK_OVERLOADED', {}, { retryAfterSeconds: 1 });
  };
  registerPublicEndpoint(app, publicApi.checkWithdrawal, async ({ body, actor, report, reply }) => {
    shedLate(reply);
    report({ received: 1, applied: 1, refused: 0 });
    // The check's own time and the travel rule's part of it, measured here (decision 0031).
    const timing = createServerTiming();
    const started = performance.now();
    const answer = await checks.withdrawal(actor, body, timing);
    timing.add('check', performance.now() - started);
    reply.header('server-timing', timing.header());
    return answer;
  });
  registerPublicEndpoint(app, publicApi.checkP2p, async ({ body, actor, report, reply }) => {
    shedLate(reply);
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
