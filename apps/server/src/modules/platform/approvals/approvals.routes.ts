import { approvalsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { ApprovalsService } from './approvals.service.ts';

export function registerApprovalsRoutes(
  app: FastifyInstance,
  { approvals }: { approvals: ApprovalsService },
): void {
  registerEndpoint(app, approvalsApi.listApprovalRequests, ({ query }) => approvals.page(query));
  registerEndpoint(app, approvalsApi.approveApprovalRequest, ({ body, actor }) =>
    approvals.decide(actor, body.id, body.version, { approve: true, reason: body.reason ?? null }),
  );
  registerEndpoint(app, approvalsApi.rejectApprovalRequest, ({ body, actor }) =>
    approvals.decide(actor, body.id, body.version, { approve: false, reason: body.reason }),
  );
  registerEndpoint(app, approvalsApi.cancelApprovalRequest, ({ body, actor }) =>
    approvals.cancel(actor, body.id, body.version, body.reason ?? null),
  );
}
