import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { createCustomerTypesRepository } from './customer-types.repository.ts';
import { createCustomerTypesService } from './customer-types.service.ts';

/** PRODUCT.md: customer types are read-only for managers; admin and super edit and move. */
const EDIT_ROLES = ['admin', 'super'] as const;

export function registerCustomerTypesModule(app: FastifyInstance, db: Db): void {
  const service = createCustomerTypesService({ db, repo: createCustomerTypesRepository() });
  registerEndpoint(app, crmApi.listCustomerTypes, {}, () => service.list());
  registerEndpoint(app, crmApi.updateCustomerType, { roles: EDIT_ROLES }, ({ body, member }) =>
    service.update(body, member.id),
  );
  registerEndpoint(app, crmApi.moveCustomers, { roles: EDIT_ROLES }, ({ body, member }) =>
    service.move(body, member.id),
  );
}
