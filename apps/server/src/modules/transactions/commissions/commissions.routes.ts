import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { CommissionsService } from './commissions.service.ts';

export function registerCommissionsRoutes(
  app: FastifyInstance,
  { commissions }: { commissions: CommissionsService },
): void {
  registerEndpoint(app, transactionsApi.listCommissionRules, () => commissions.list());
  registerEndpoint(app, transactionsApi.previewCommission, ({ query }) =>
    commissions.preview({ ...query, customer_type: query.customer_type || null }),
  );
  registerEndpoint(app, transactionsApi.createCommissionRule, ({ body, actor }) =>
    commissions.create(actor, body),
  );
  registerEndpoint(app, transactionsApi.updateCommissionRule, ({ body: { id, version, ...rule }, actor }) =>
    commissions.update(actor, id, version, rule),
  );
  registerEndpoint(app, transactionsApi.deleteCommissionRule, ({ body, actor }) =>
    commissions.delete(actor, body.id, body.version),
  );
}
