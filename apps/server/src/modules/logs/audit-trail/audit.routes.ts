import { type AuditAction, type AuditEntity, auditApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { auditHistory } from '../../platform/audit/audit.repository.ts';
import { withMemberNames } from '../../platform/audit/member-names.ts';

type Fields = Record<string, unknown>;

/** A stored before/after as a field record; anything else (not written by changes.ts) under `value`. */
export const fieldsOf = (stored: unknown): Fields | null => {
  if (stored === null || stored === undefined) return null;
  return typeof stored === 'object' && !Array.isArray(stored) ? (stored as Fields) : { value: stored };
};

export function registerAuditRoutes(app: FastifyInstance, deps: { db: Db }): void {
  registerEndpoint(app, auditApi.getAuditHistory, async ({ query }) => {
    const rows = await auditHistory(deps.db, query.entity, query.entityId, query.limit);
    const items = rows.map((r) => ({
      id: Number(r.id),
      at: r.at.toISOString(),
      // The columns hold only vocabulary names (changes.ts writes them; migration 0010 renamed older ones).
      entity: r.entity as AuditEntity,
      entity_id: r.entityId,
      action: r.action as AuditAction,
      member:
        r.memberId !== null && r.memberUserName !== null
          ? {
              id: r.memberId,
              user_name: r.memberUserName,
              display_name: r.memberDisplayName ?? r.memberUserName,
            }
          : null,
      request_id: r.requestId,
      before: fieldsOf(r.before),
      after: fieldsOf(r.after),
    }));
    return { items: await withMemberNames(deps.db, items) };
  });
}
