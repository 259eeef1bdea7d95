import { fraudApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { registerEndpoint } from '../../../../lib/endpoint-route.ts';
import { createFraudRuns, type FraudRuns } from './fraud-runs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fraud check's runs: tests execute a run with `app.fraudRuns.execute(id)` instead of a job runner. */
    fraudRuns: FraudRuns;
  }
}

/** Wires the runs: the `fraud.run` job, the list, one run with its log, cancel. */
export function registerFraudRuns(app: FastifyInstance, deps: { db: Db; clock: Clock }): FraudRuns {
  const runs = createFraudRuns({ db: deps.db, jobs: app.jobs, clock: deps.clock });
  app.decorate('fraudRuns', runs);
  registerEndpoint(app, fraudApi.listFraudRuns, ({ query }) => runs.list(query));
  registerEndpoint(app, fraudApi.getFraudRun, ({ query }) => runs.detail(query.id, query.afterSeq));
  registerEndpoint(app, fraudApi.cancelFraudRun, async ({ body, actor }) => ({
    success: true as const,
    run: await runs.cancel(body.id, actor),
  }));
  return runs;
}
