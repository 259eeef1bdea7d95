import type { InboxItem, inboxApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { isoUtcMicros } from '../../db/sql/index.ts';
import { boundedCount } from '../../lib/bounded-count.ts';
import { keysetPage } from '../../lib/keyset.ts';

type ListQuery = z.output<typeof inboxApi.InboxQuerySchema>;
type Filters = z.output<typeof inboxApi.InboxFiltersSchema>;

/** An item as read for one member; the service adds the SLA state. */
export type InboxRow = {
  id: number;
  kind: InboxItem['kind'];
  severity: string | null;
  source_ref: string;
  customer_id: number | null;
  customer_user_name: string | null;
  subject: string | null;
  amount: string | null;
  asset: string | null;
  notice: string | null;
  params: Record<string, string | number | boolean | null>;
  /** ISO instants to the microsecond (the cursor keeps them exact). */
  opened_at: string;
  due_at: string | null;
  resolved_at: string | null;
  read_at: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  version: number;
};

const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

const columns = sql`
  w.id, w.kind, w.severity, w.source_ref, w.customer_id, c.user_name AS customer_user_name, w.subject,
  w.amount::text AS amount, w.asset, w.notice, w.params, ${isoUtcMicros(sql`i.opened_at`)} AS opened_at,
  ${isoUtcMicros(sql`w.due_at`)} AS due_at, ${isoUtcMicros(sql`w.resolved_at`)} AS resolved_at, ${isoUtcMicros(sql`i.read_at`)} AS read_at,
  w.assignee_id, a.display_name AS assignee_name, w.version`;
const joins = sql`
  JOIN work_items w ON w.id = i.work_item_id
  LEFT JOIN customers c ON c.id = w.customer_id
  LEFT JOIN staff_members a ON a.id = w.assignee_id`;

function filters(memberId: number, q: Filters, muted: readonly string[]): SQL {
  const parts = [sql`i.member_id = ${memberId}`, sql`i.open = ${q.state === 'open'}`];
  if (muted.length) parts.push(sql`NOT (i.pref_key = ANY (${textArray(muted)}))`);
  if (q.kind) parts.push(sql`i.kind = ${q.kind}`);
  if (q.read === 'unread') parts.push(sql`i.read_at IS NULL`);
  if (q.read === 'read') parts.push(sql`i.read_at IS NOT NULL`);
  if (q.assigned === 'me') parts.push(sql`i.assignee_id = ${memberId}`);
  if (q.assigned === 'unassigned') parts.push(sql`i.assignee_id IS NULL`);
  return sql.join(parts, sql` AND `);
}

export function createInboxRepository() {
  return {
    /** One page of a member's queue: an index range of inbox_items, newest first by default; no total. */
    async page(db: DbOrTx, memberId: number, q: ListQuery, muted: readonly string[]) {
      const where = filters(memberId, q, muted);
      const page = await keysetPage<InboxRow>(
        { sort: sql`i.opened_at`, id: sql`i.work_item_id`, dir: q.dir },
        q,
        (row) => [row.opened_at, row.id],
        async (k) => {
          const result = await db.execute<InboxRow>(sql`
            SELECT ${columns} FROM inbox_items i ${joins}
            WHERE ${where} ${k.where ? sql`AND ${k.where}` : sql``}
            ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`);
          return result.rows;
        },
      );
      return page;
    },

    /** How many of the member's items match: exact up to 100,000, asked apart from the page. */
    count: (db: DbOrTx, memberId: number, f: Filters, muted: readonly string[]) =>
      boundedCount(db, sql`inbox_items i WHERE ${filters(memberId, f, muted)}`),

    /** Open unread items by notification choice (an index-only range of the unread index). */
    async unreadByPrefKey(db: DbOrTx, memberId: number): Promise<{ pref_key: string; n: number }[]> {
      const result = await db.execute<{ pref_key: string; n: number }>(sql`
        SELECT pref_key, count(*)::int AS n FROM inbox_items
        WHERE member_id = ${memberId} AND open AND read_at IS NULL GROUP BY pref_key`);
      return result.rows;
    },

    async item(db: DbOrTx, memberId: number, id: number): Promise<InboxRow | undefined> {
      const result = await db.execute<InboxRow>(sql`
        SELECT ${columns} FROM inbox_items i ${joins} WHERE i.member_id = ${memberId} AND i.work_item_id = ${id}`);
      return result.rows[0];
    },

    /** How many of `ids` are in the member's queue. */
    async countHeld(db: DbOrTx, memberId: number, ids: readonly number[]): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM inbox_items
        WHERE member_id = ${memberId} AND work_item_id = ANY (${`{${ids.join(',')}}`}::bigint[])`);
      return result.rows[0]?.n ?? 0;
    },

    /** Marks items read (keeping the first time) or unread; returns how many changed. */
    async mark(
      db: DbOrTx,
      memberId: number,
      ids: readonly number[],
      read: boolean,
      at: Date,
    ): Promise<number> {
      const result = await db.execute(sql`
        UPDATE inbox_items SET read_at = ${read ? at : null}
        WHERE member_id = ${memberId} AND work_item_id = ANY (${`{${ids.join(',')}}`}::bigint[])
          AND (read_at IS NULL) = ${read}`);
      return result.rowCount ?? 0;
    },

    async lockWork(
      db: DbOrTx,
      id: number,
    ): Promise<{ resolved: boolean; assignee_id: number | null; version: number } | undefined> {
      const result = await db.execute<{ resolved: boolean; assignee_id: number | null; version: number }>(sql`
        SELECT resolved_at IS NOT NULL AS resolved, assignee_id, version FROM work_items WHERE id = ${id} FOR UPDATE`);
      return result.rows[0];
    },

    /** Sets the assignee on the item and its copies; returns the members who hold it. */
    async assign(db: DbOrTx, id: number, assigneeId: number | null): Promise<number[]> {
      await db.execute(
        sql`UPDATE work_items SET assignee_id = ${assigneeId}, version = version + 1 WHERE id = ${id}`,
      );
      const result = await db.execute<{ member_id: number }>(sql`
        UPDATE inbox_items SET assignee_id = ${assigneeId} WHERE work_item_id = ${id} RETURNING member_id`);
      return result.rows.map((r) => r.member_id).sort((a, b) => a - b);
    },

    async memberName(db: DbOrTx, id: number): Promise<string | null> {
      const result = await db.execute<{ display_name: string }>(
        sql`SELECT display_name FROM staff_members WHERE id = ${id}`,
      );
      return result.rows[0]?.display_name ?? null;
    },

    /** Copies who may receive each kind from the role matrix, so the triggers need not know it. */
    async syncKinds(db: DbOrTx, roles: Record<string, readonly string[]>): Promise<void> {
      for (const [kind, list] of Object.entries(roles))
        await db.execute(sql`
          UPDATE inbox_kinds SET roles = ${textArray(list)} WHERE kind = ${kind} AND roles <> ${textArray(list)}`);
    },

    /** Opens a system notice for the given members (bd_inbox_open, migration 0018). */
    async openNotice(
      db: DbOrTx,
      notice: {
        code: string;
        sourceRef: string;
        subject: string | null;
        params: Record<string, unknown>;
        audience: number[];
        at: Date;
      },
    ): Promise<void> {
      if (notice.audience.length === 0) return;
      await db.execute(sql`
        SELECT bd_inbox_open('system_notice', ${notice.sourceRef}, ${notice.at}, NULL, NULL, ${notice.subject},
          NULL, NULL, NULL, p_audience => ${`{${notice.audience.join(',')}}`}::integer[],
          p_notice => ${notice.code}, p_params => ${JSON.stringify(notice.params)}::jsonb)`);
    },

    async pruneResolved(db: DbOrTx, days: number): Promise<number> {
      const result = await db.execute(
        sql`DELETE FROM work_items WHERE resolved_at < now() - ${days} * interval '1 day'`,
      );
      return result.rowCount ?? 0;
    },

    /** Members holding a capability's roles, active (a notice to the supers). */
    async membersWithRoles(db: DbOrTx, roles: readonly string[]): Promise<number[]> {
      const result = await db.execute<{ id: number }>(sql`
        SELECT id FROM staff_members WHERE status = 'active' AND roles && ${textArray(roles)} ORDER BY id`);
      return result.rows.map((r) => r.id);
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
