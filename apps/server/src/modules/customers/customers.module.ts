import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createRestrictions } from '../restrictions/restrictions.module.ts';
import { createCustomerDetailRepository } from './customer-detail.repository.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { registerCustomerRoutes } from './customers.routes.ts';
import { createCustomersService } from './customers.service.ts';

/** Wires the module's factories; app.ts registers it in one line. */
export function registerCustomersModule(app: FastifyInstance, db: Db): void {
  const service = createCustomersService({
    db,
    repo: createCustomersRepository(),
    detail: createCustomerDetailRepository(),
    restrictions: createRestrictions(db),
  });
  registerCustomerRoutes(app, { db, service });
}
