import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { CommissionsService } from './commissions.service.ts';

/** Commissions: every panel role reads; admin and super edit (PRODUCT.md role matrix). */
const EDITORS = ['admin', 'super'] as const;

export function registerCommissionsRoutes(
  app: FastifyInstance,
  { commissions }: { commissions: CommissionsService },
): void {
  registerEndpoint(app, transactionsApi.listCommissionRules, {}, () => commissions.list());
  registerEndpoint(app, transactionsApi.previewCommission, {}, ({ query }) =>
    commissions.preview({ ...query, customer_type: query.customer_type || null }),
  );
  const edit = { roles: EDITORS, idempotent: true } as const;
  registerEndpoint(app, transactionsApi.createCommissionRule, edit, ({ body, member }) =>
    commissions.create(body, member.id),
  );
  registerEndpoint(
    app,
    transactionsApi.updateCommissionRule,
    edit,
    ({ body: { id, version, ...rule }, member }) => commissions.update(id, version, rule, member.id),
  );
  registerEndpoint(app, transactionsApi.deleteCommissionRule, edit, ({ body, member }) =>
    commissions.delete(body.id, body.version, member.id),
  );
}
