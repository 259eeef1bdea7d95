import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, staffMembers } from '../../db/schema.ts';

export interface AuditEntry {
  memberId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Called with the same transaction as the change it records, so neither exists without the other. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    memberId: entry.memberId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditHistoryRow {
  id: number;
  at: Date;
  action: string;
  before: unknown;
  after: unknown;
  memberId: number | null;
  memberUserName: string | null;
  memberDisplayName: string | null;
}

/** One record's trail, newest first, with the acting member's names. */
export async function auditHistory(
  db: DbOrTx,
  entity: string,
  entityId: string,
  limit: number,
): Promise<AuditHistoryRow[]> {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      memberId: auditLog.memberId,
      memberUserName: staffMembers.userName,
      memberDisplayName: staffMembers.displayName,
    })
    .from(auditLog)
    .leftJoin(staffMembers, eq(staffMembers.id, auditLog.memberId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
