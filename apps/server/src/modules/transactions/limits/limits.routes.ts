import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { LimitsService } from './limits.service.ts';

const { LIMIT_MESSAGES } = transactionsApi;

/** The limit endpoints, answering in their original shapes (`success`, `limits`, the messages; R14). */
export function registerLimitsRoutes(app: FastifyInstance, { limits }: { limits: LimitsService }): void {
  registerEndpoint(app, transactionsApi.listTransactionLimits, async () => ({
    success: true,
    limits: await limits.list(),
  }));

  registerEndpoint(app, transactionsApi.createTransactionLimit, async ({ body, actor }) => {
    await limits.create(actor, body);
    return { success: true, message: LIMIT_MESSAGES.created };
  });

  registerEndpoint(app, transactionsApi.updateTransactionLimit, async ({ body, actor }) => {
    const { lid, version, ...limit } = body;
    await limits.update(actor, lid, version, limit);
    return { success: true, message: LIMIT_MESSAGES.updated };
  });

  registerEndpoint(app, transactionsApi.deleteTransactionLimit, async ({ body, actor }) => {
    await limits.delete(actor, body.lid);
    return { success: true, message: LIMIT_MESSAGES.deleted };
  });
}
