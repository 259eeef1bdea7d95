import { publicApi, transactionsApi } from '@backdesk/contract';
import { CHECK_CLIENT_TIMEOUT_MS } from '@backdesk/contract/public';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { isPoolTimeout, isQueryCancelled } from '../../../lib/pg-errors.ts';
import { createServerTiming } from '../../../lib/server-timing.ts';
import { registerPublicEndpoint } from '../../platform/integrations/index.ts';
import type { ChecksService } from './checks.service.ts';

/**
 * The exchange's side: one check per request, on the checks' own pool (decision 0025). A check that
 * already waited `shedAfterMs` in this node (a burst, a busy event loop) is shed with 503 and
 * Retry-After: worked on, its answer would arrive after the client held the operation anyway, and
 * the work would make every check behind it late too. So is one whose work ran out of time.
 */
export function registerPublicChecksRoutes(
  app: FastifyInstance,
  { checks, shedAfterMs }: { checks: ChecksService; shedAfterMs: number },
): void {
  const overloaded = () => new AppError('CHECK_OVERLOADED', {}, { retryAfterSeconds: 1 });
  const shedLate = (reply: FastifyReply) => {
    if (reply.elapsedTime >= shedAfterMs) throw overloaded();
  };
  /**
   * The checks' pool gives up on a statement past its timeout and on a connection not free within
   * the shedding budget (checks.module.ts): either is "not in time", answered like a shed check. The
   * check's transaction rolled back, so nothing was recorded or held, and a retry is safe. Under
   * ingestion it happens to a withdrawal the check holds for review: its insert waits for the
   * customer's rows a batch's statement triggers wrote until the batch commits (decision 0025).
   */
  const inTime = async <T>(check: () => Promise<T>): Promise<T> => {
    try {
      return await check();
    } catch (error) {
      if (isQueryCancelled(error) || isPoolTimeout(error)) throw overloaded();
      throw error;
    }
  };
  // The client's 2 s run from the request; this node saw it `elapsedTime` ago at the least.
  const timing = (reply: FastifyReply) => ({
    answerBy: performance.now() - reply.elapsedTime + CHECK_CLIENT_TIMEOUT_MS,
  });
  registerPublicEndpoint(app, publicApi.checkWithdrawal, async ({ body, actor, report, reply }) => {
    shedLate(reply);
    report({ received: 1, applied: 1, refused: 0 });
    // The check's own time and the travel rule's part of it, measured here (decision 0031).
    const serverTiming = createServerTiming();
    const started = performance.now();
    const answer = await inTime(() => checks.withdrawal(actor, body, { ...timing(reply), serverTiming }));
    serverTiming.add('check', performance.now() - started);
    reply.header('server-timing', serverTiming.header());
    return answer;
  });
  registerPublicEndpoint(app, publicApi.checkP2p, async ({ body, actor, report, reply }) => {
    shedLate(reply);
    report({ received: 1, applied: 1, refused: 0 });
    return inTime(() => checks.p2p(actor, body, timing(reply)));
  });
}

/** The staff side: the recorded checks, read where the member's lists read (app.reads). */
export function registerChecksRoutes(app: FastifyInstance, { checks }: { checks: ChecksService }): void {
  registerEndpoint(app, transactionsApi.listRealtimeChecks, async ({ query, actor }) =>
    checks.page(await app.reads.db(actor.memberId), query),
  );
}
