import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { LimitsService } from './limits.service.ts';

const EDITORS = ['admin', 'super'] as const;
const { LIMIT_MESSAGES } = transactionsApi;

/** Spec §7 limit endpoints, answering the spec's shapes; managers read, admins and supers edit. */
export function registerLimitsRoutes(app: FastifyInstance, { limits }: { limits: LimitsService }): void {
  registerEndpoint(app, transactionsApi.listTransactionLimits, {}, async () => ({
    success: true,
    limits: await limits.list(),
  }));

  registerEndpoint(
    app,
    transactionsApi.createTransactionLimit,
    { roles: EDITORS, idempotent: true },
    async ({ body, member }) => {
      await limits.create(body, member.id);
      return { success: true, message: LIMIT_MESSAGES.created };
    },
  );

  registerEndpoint(
    app,
    transactionsApi.deleteTransactionLimit,
    { roles: EDITORS, idempotent: true },
    async ({ body, member }) => {
      await limits.delete(body.lid, member.id);
      return { success: true, message: LIMIT_MESSAGES.deleted };
    },
  );
}
