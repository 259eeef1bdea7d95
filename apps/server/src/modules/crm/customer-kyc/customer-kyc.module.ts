import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { createCustomerKycRepository } from './customer-kyc.repository.ts';

/** A read-only list with no rules of its own: the route reads the repository. */
export function registerCustomerKycModule(app: FastifyInstance, { db }: { db: Db }): void {
  const repo = createCustomerKycRepository();
  registerEndpoint(app, crmApi.listCustomerKyc, ({ query }) => repo.page(db, query));
}
