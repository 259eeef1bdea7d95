import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

export function registerDashboardModule(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const service = createDashboardService({
    db: deps.db,
    repo: createDashboardRepository(),
    clock: deps.clock,
  });
  registerDashboardRoutes(app, { service });
}
