import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createCustomerDetailRepository } from './customer-detail.repository.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { registerCustomerRoutes } from './customers.routes.ts';
import { type CustomerRestrictions, createCustomersService } from './customers.service.ts';

/**
 * Wires the customers area. The customer page's restrictions come in from the restrictions module
 * (app.ts passes them), so neither module imports the other's service.
 */
export function registerCustomersModule(
  app: FastifyInstance,
  { db, clock, restrictions }: { db: Db; clock: Clock; restrictions: CustomerRestrictions },
): void {
  const service = createCustomersService({
    db,
    repo: createCustomersRepository(),
    detail: createCustomerDetailRepository(),
    restrictions,
    changes: createChanges(db),
    clock,
  });
  registerCustomerRoutes(app, { db, service });
}
