import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { CustomerTypesService } from './customer-types.service.ts';

export function registerCustomerTypeRoutes(
  app: FastifyInstance,
  deps: { service: CustomerTypesService },
): void {
  const { service } = deps;
  registerEndpoint(app, crmApi.listCustomerTypes, () => service.list());
  registerEndpoint(app, crmApi.updateCustomerType, ({ body, actor }) => service.update(body, actor));
  registerEndpoint(app, crmApi.moveCustomers, ({ body, actor }) => service.move(body, actor));
}
