import { auditApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { auditHistory } from './audit.repository.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: { db: Db }): void {
  registerEndpoint(app, auditApi.getAuditHistory, {}, async ({ query }) => {
    const rows = await auditHistory(deps.db, query.entity, query.entityId, query.limit);
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        action: r.action,
        member:
          r.memberId !== null && r.memberUserName !== null
            ? {
                id: r.memberId,
                user_name: r.memberUserName,
                display_name: r.memberDisplayName ?? r.memberUserName,
              }
            : null,
        before: r.before,
        after: r.after,
      })),
    };
  });
}
