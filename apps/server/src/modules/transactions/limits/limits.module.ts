import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createLimitsRepository } from './limits.repository.ts';
import { registerLimitsRoutes } from './limits.routes.ts';
import { createLimitsService } from './limits.service.ts';

/** Wires the limits area: repository → service → routes. */
export function registerLimitsModule(app: FastifyInstance, { db }: { db: Db }): void {
  const limits = createLimitsService({ db, changes: createChanges(db), repo: createLimitsRepository() });
  registerLimitsRoutes(app, { limits });
}
