import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createCustomerTypesRepository } from './customer-types.repository.ts';
import { registerCustomerTypeRoutes } from './customer-types.routes.ts';
import { createCustomerTypesService } from './customer-types.service.ts';

/** Wires the customer-types (tiers) area: repository → service → routes. */
export function registerCustomerTypesModule(app: FastifyInstance, { db }: { db: Db }): void {
  const service = createCustomerTypesService({
    db,
    repo: createCustomerTypesRepository(),
    changes: createChanges(db),
  });
  registerCustomerTypeRoutes(app, { service });
}
