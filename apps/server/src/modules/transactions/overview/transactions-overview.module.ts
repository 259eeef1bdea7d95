import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { createTransactionsOverviewRepository } from './transactions-overview.repository.ts';

/** The overview has no rules of its own: the route reads two aggregates straight from the repository. */
export function registerTransactionsOverviewModule(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
): void {
  const repo = createTransactionsOverviewRepository();
  registerEndpoint(app, transactionsApi.getTransactionsOverview, async () => {
    const [last24h, withdrawalsAwaitingReview] = await Promise.all([
      repo.last24h(db),
      repo.awaitingReview(db),
    ]);
    return { last24h, withdrawalsAwaitingReview, generatedAt: clock.now().toISOString() };
  });
}
