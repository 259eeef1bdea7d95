import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import type { BulkGate } from '../../platform/bulk/bulk.module.ts';
import { createCustomerTypesRepository } from './customer-types.repository.ts';
import { registerCustomerTypeRoutes } from './customer-types.routes.ts';
import { createCustomerTypesService } from './customer-types.service.ts';

/** Wires the customer-types (tiers) area: repository → service → routes. */
export function registerCustomerTypesModule(
  app: FastifyInstance,
  { db, bulkGate }: { db: Db; bulkGate: BulkGate },
): void {
  const service = createCustomerTypesService({
    db,
    repo: createCustomerTypesRepository(),
    changes: createChanges(db),
    bulkGate,
  });
  registerCustomerTypeRoutes(app, { service });
}
