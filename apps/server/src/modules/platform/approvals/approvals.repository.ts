import type { ApprovalRequest, approvalsApi } from '@backdesk/contract';
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { approvalRequests } from '../../../db/schema.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';

/** An approval request as stored; the service decides on it. */
export type ApprovalRow = Omit<typeof approvalRequests.$inferSelect, 'payload'> & {
  /** Always an object: only `insertPending` writes it. */
  payload: Record<string, unknown>;
};
const asRow = (row: typeof approvalRequests.$inferSelect | undefined) => row as ApprovalRow | undefined;
export type ApprovalStatus = ApprovalRequest['status'];

type ListQuery = z.output<typeof approvalsApi.ApprovalListQuerySchema>;

export interface NewApproval {
  kind: string;
  entity: string;
  entityId: string;
  payload: Record<string, unknown>;
  requestedBy: number;
  requestReason: string | null;
  requestedAt: Date;
  expiresAt: Date;
}

export interface Decision {
  status: Exclude<ApprovalStatus, 'pending'>;
  decidedBy: number | null;
  reason: string | null;
  at: Date;
}

/** The status as of `now`: a pending request past its expiry reads expired before the sweep marks it. */
const effectiveStatus = (now: Date) =>
  sql`CASE WHEN a.status = 'pending' AND a.expires_at <= ${now.toISOString()}::timestamptz THEN 'expired' ELSE a.status END`;

/** The same as a filter that the (status, requested_at) index serves. */
function statusFilter(status: ApprovalStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (status === 'pending') return sql`a.status = 'pending' AND a.expires_at > ${at}`;
  if (status === 'expired')
    return sql`(a.status = 'expired' OR (a.status = 'pending' AND a.expires_at <= ${at}))`;
  return sql`a.status = ${status}`;
}

const viewColumns = (now: Date) => sql`
  a.id, a.kind, a.entity, a.entity_id, a.payload, ${effectiveStatus(now)} AS status,
  json_build_object('id', r.id, 'user_name', r.user_name, 'display_name', r.display_name) AS requested_by,
  a.request_reason, ${isoUtc(sql`a.requested_at`)} AS requested_at, ${isoUtc(sql`a.expires_at`)} AS expires_at,
  CASE WHEN d.id IS NULL THEN NULL
       ELSE json_build_object('id', d.id, 'user_name', d.user_name, 'display_name', d.display_name) END AS decided_by,
  a.decision_reason, ${isoUtc(sql`a.decided_at`)} AS decided_at, a.version`;
const VIEW_FROM = sql`approval_requests a
  JOIN staff_members r ON r.id = a.requested_by
  LEFT JOIN staff_members d ON d.id = a.decided_by`;

const whereOf = (conditions: (SQL | undefined)[]) => {
  const all = and(...conditions);
  return all ? sql`WHERE ${all}` : sql``;
};

export function createApprovalsRepository() {
  return {
    async find(db: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
      const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
      return asRow(row);
    },

    async lock(tx: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
      const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
      return asRow(row);
    },

    /** The open request for a kind and record, locked; at most one (a partial unique index). */
    async lockOpen(
      tx: DbOrTx,
      kind: string,
      entity: string,
      entityId: string,
    ): Promise<ApprovalRow | undefined> {
      const [row] = await tx
        .select()
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.kind, kind),
            eq(approvalRequests.entity, entity),
            eq(approvalRequests.entityId, entityId),
            eq(approvalRequests.status, 'pending'),
          ),
        )
        .for('update');
      return asRow(row);
    },

    /** Inserts a pending request, or nothing when one is already open for the record (a race lost). */
    async insertPending(tx: DbOrTx, request: NewApproval): Promise<ApprovalRow | undefined> {
      const [row] = await tx.insert(approvalRequests).values(request).onConflictDoNothing().returning();
      return asRow(row);
    },

    /** Decides a pending request at the version read under lock; nothing when it was decided meanwhile. */
    async decide(tx: DbOrTx, row: ApprovalRow, decision: Decision): Promise<ApprovalRow | undefined> {
      const [updated] = await tx
        .update(approvalRequests)
        .set({
          status: decision.status,
          decidedBy: decision.decidedBy,
          decisionReason: decision.reason,
          decidedAt: decision.at,
          version: row.version + 1,
        })
        .where(
          and(
            eq(approvalRequests.id, row.id),
            eq(approvalRequests.version, row.version),
            eq(approvalRequests.status, 'pending'),
          ),
        )
        .returning();
      return asRow(updated);
    },

    /** Pending requests past their expiry, oldest first, optionally of one request or one record. */
    async dueIds(
      db: DbOrTx,
      now: Date,
      only: { id?: number; kind?: string; entityId?: string } = {},
    ): Promise<number[]> {
      const rows = await db
        .select({ id: approvalRequests.id })
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.status, 'pending'),
            lte(approvalRequests.expiresAt, now),
            only.id !== undefined ? eq(approvalRequests.id, only.id) : undefined,
            only.kind !== undefined ? eq(approvalRequests.kind, only.kind) : undefined,
            only.entityId !== undefined ? eq(approvalRequests.entityId, only.entityId) : undefined,
          ),
        )
        .orderBy(asc(approvalRequests.expiresAt));
      return rows.map((r) => r.id);
    },

    /** Locks a request only if no one else holds it: a sweep never waits for a decision in progress. */
    async lockIfFree(tx: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
      const [row] = await tx
        .select()
        .from(approvalRequests)
        .where(eq(approvalRequests.id, id))
        .for('update', { skipLocked: true });
      return asRow(row);
    },

    async view(db: DbOrTx, id: number, now: Date): Promise<ApprovalRequest | undefined> {
      const result = await db.execute<ApprovalRequest>(
        sql`SELECT ${viewColumns(now)} FROM ${VIEW_FROM} WHERE a.id = ${id}`,
      );
      return result.rows[0];
    },

    /** The newest request of a kind for a record, whatever its status. */
    async latestFor(
      db: DbOrTx,
      kind: string,
      entity: string,
      entityId: string,
      now: Date,
    ): Promise<ApprovalRequest | undefined> {
      const result = await db.execute<ApprovalRequest>(sql`
        SELECT ${viewColumns(now)} FROM ${VIEW_FROM}
        WHERE a.kind = ${kind} AND a.entity = ${entity} AND a.entity_id = ${entityId}
        ORDER BY a.requested_at DESC, a.id DESC LIMIT 1`);
      return result.rows[0];
    },

    async page(db: DbOrTx, q: ListQuery, now: Date) {
      const filters = [
        statusFilter(q.status, now),
        q.kind ? sql`a.kind = ${q.kind}` : undefined,
        q.entity ? sql`a.entity = ${q.entity}` : undefined,
        q.entity_id ? sql`a.entity_id = ${q.entity_id}` : undefined,
      ];
      const sortColumn = q.sort === 'expires_at' ? sql`a.expires_at` : sql`a.requested_at`;
      type Row = ApprovalRequest & { sort_key: string };
      const [page, total] = await Promise.all([
        keysetPage<Row>(
          { sort: sortColumn, id: sql`a.id`, dir: q.dir },
          q,
          (row) => [row.sort_key, row.id],
          async (k) =>
            (
              await db.execute<Row>(sql`
                SELECT ${viewColumns(now)}, ${sortColumn}::text AS sort_key FROM ${VIEW_FROM}
                ${whereOf([...filters, k.where])}
                ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
            ).rows,
        ),
        boundedCount(db, sql`approval_requests a ${whereOf(filters)}`),
      ]);
      return { ...page, items: page.items.map(({ sort_key: _, ...row }) => row), total };
    },
  };
}
export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
