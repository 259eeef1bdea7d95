import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createChanges } from '../platform/audit/changes.ts';
import { createRatesRepository } from './rates.repository.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';
import { FOLD_JOB, FOLD_SCHEDULE, foldRollupDeltas, rollupDeltaBacklog } from './rollup-fold.ts';

/**
 * Wires the reports (decision 0014): seven reports over rollups, the deposit config and the rate
 * table, and the scheduled fold of the rollups' deltas (app.jobs, once across the nodes).
 */
export function registerReportsModule(app: FastifyInstance, deps: { db: Db; clock: Clock }): ReportsService {
  const service = createReportsService({
    db: deps.db,
    clock: deps.clock,
    rates: createRatesRepository(),
    changes: createChanges(deps.db),
  });
  registerReportRoutes(app, { service });
  app.jobs.task(FOLD_JOB, async () => {
    await foldRollupDeltas(deps.db);
  });
  app.jobs.schedule(FOLD_JOB, FOLD_SCHEDULE);
  app.metrics.gauge(
    'backdesk_rollup_deltas_waiting',
    'Rollup deltas the checks appended and the fold has not yet moved in, all nodes',
    () => rollupDeltaBacklog(deps.db),
  );
  return service;
}
