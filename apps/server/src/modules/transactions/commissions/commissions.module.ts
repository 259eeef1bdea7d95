import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createCommissionsRepository } from './commissions.repository.ts';
import { registerCommissionsRoutes } from './commissions.routes.ts';
import { createCommissionsService } from './commissions.service.ts';

/** Wires the fee schedule: repository → service → routes. */
export function registerCommissionsModule(app: FastifyInstance, { db }: { db: Db }): void {
  registerCommissionsRoutes(app, {
    commissions: createCommissionsService({
      db,
      changes: createChanges(db),
      repo: createCommissionsRepository(),
    }),
  });
}
