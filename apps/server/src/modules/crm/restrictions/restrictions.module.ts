import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createCustomersRepository } from '../customers/customers.repository.ts';
import { createRestrictionsRepository } from './restrictions.repository.ts';
import { registerRestrictionRoutes } from './restrictions.routes.ts';
import { createRestrictionsService, type RestrictionsService } from './restrictions.service.ts';

/**
 * Wires the restrictions area. Restrictions read customers through the customers repository only;
 * the service is returned so app.ts can hand the customer page its restrictions.
 */
export function registerRestrictionsModule(app: FastifyInstance, { db }: { db: Db }): RestrictionsService {
  const customers = createCustomersRepository();
  const service = createRestrictionsService({
    db,
    repo: createRestrictionsRepository(),
    changes: createChanges(db),
    customerExists: async (tx, id) => (await customers.byId(tx, id)) !== undefined,
  });
  registerRestrictionRoutes(app, { service });
  return service;
}
