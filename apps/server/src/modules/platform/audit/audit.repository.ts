import type { AuditAction, AuditEntity } from '@backdesk/contract';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { approvalRequests, auditLog, staffMembers } from '../../../db/schema.ts';

export interface AuditRow {
  memberId: number | null;
  /** The integration that made the change through the public API (then memberId is null). */
  integrationId?: number | null;
  /** The SCIM token that made the change (then memberId is null). */
  scimTokenId?: number | null;
  /** The counterparty VASP that made the change through TRP (then memberId is null). */
  vaspId?: number | null;
  requestId: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number;
  customerId: number | null;
  before: unknown;
  after: unknown;
}

/**
 * Written only through `changes.run` (changes.ts), in the transaction of the change it records; a
 * one-statement change writes its row in that statement (`auditRowsFrom`).
 */
export async function recordAudit(tx: DbOrTx, entry: AuditRow): Promise<void> {
  await tx.insert(auditLog).values({
    memberId: entry.memberId,
    integrationId: entry.integrationId ?? null,
    scimTokenId: entry.scimTokenId ?? null,
    vaspId: entry.vaspId ?? null,
    requestId: entry.requestId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    customerId: entry.customerId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditHistoryRow {
  id: number;
  at: Date;
  entity: string;
  entityId: string;
  action: string;
  requestId: string | null;
  before: unknown;
  after: unknown;
  memberId: number | null;
  memberUserName: string | null;
  memberDisplayName: string | null;
}

/** One record's trail, newest first, with the acting member's names; a customer's includes what concerns it. */
export async function auditHistory(
  db: DbOrTx,
  entity: AuditEntity,
  entityId: string,
  limit: number,
): Promise<AuditHistoryRow[]> {
  // A record's trail includes the four-eyes requests about it (asked, approved, rejected, expired).
  const approvals = db
    .select({ id: sql<string>`${approvalRequests.id}::text` })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.entity, entity), eq(approvalRequests.entityId, entityId)));
  const own = or(
    and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)),
    and(eq(auditLog.entity, 'approval_request'), inArray(auditLog.entityId, approvals)),
  );
  const concerning =
    entity === 'customer' && /^\d{1,15}$/.test(entityId)
      ? or(own, eq(auditLog.customerId, Number(entityId)))
      : own;
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      requestId: auditLog.requestId,
      before: auditLog.before,
      after: auditLog.after,
      memberId: auditLog.memberId,
      memberUserName: staffMembers.userName,
      memberDisplayName: staffMembers.displayName,
    })
    .from(auditLog)
    .leftJoin(staffMembers, eq(staffMembers.id, auditLog.memberId))
    .where(concerning)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** The display names of these members, by id (those that exist). */
export async function memberDisplayNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: staffMembers.id, name: staffMembers.displayName })
    .from(staffMembers)
    .where(inArray(staffMembers.id, ids));
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
