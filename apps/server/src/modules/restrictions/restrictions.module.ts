import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createCustomersRepository } from '../customers/customers.repository.ts';
import { createRestrictionsRepository } from './restrictions.repository.ts';
import { registerRestrictionRoutes } from './restrictions.routes.ts';
import { createRestrictionsService } from './restrictions.service.ts';

export function createRestrictions(db: Db) {
  const customers = createCustomersRepository();
  return createRestrictionsService({
    db,
    repo: createRestrictionsRepository(),
    customerExists: async (id) => (await customers.byId(db, id)) !== undefined,
  });
}

/** Wires the module's factories; app.ts registers it in one line. */
export function registerRestrictionsModule(app: FastifyInstance, db: Db): void {
  registerRestrictionRoutes(app, { service: createRestrictions(db) });
}
