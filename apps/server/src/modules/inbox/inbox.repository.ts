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
  w.amount::text AS amount, w.asset, w.notice, w.params, ${isoUtcMicros(sql`w.opened_at`)} AS opened_at,
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

    /** An item as the member sees it, in their inbox or not (a team queue's, just given back). */
    async item(db: DbOrTx, memberId: number, id: number): Promise<InboxRow | undefined> {
      const result = await db.execute<InboxRow>(sql`
        SELECT ${columns} FROM work_items w
        LEFT JOIN inbox_items i ON i.work_item_id = w.id AND i.member_id = ${memberId}
        LEFT JOIN customers c ON c.id = w.customer_id
        LEFT JOIN staff_members a ON a.id = w.assignee_id
        WHERE w.id = ${id}`);
      return result.rows[0];
    },

    /**
     * Whether the member may take or give back an item: it is in their inbox, or it waits unassigned
     * in a team queue their roles reach.
     */
    async mayAssign(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
      const result = await db.execute<{ ok: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM inbox_items WHERE member_id = ${memberId} AND work_item_id = ${id})
          OR EXISTS (
            SELECT 1 FROM work_items w JOIN inbox_kinds k ON k.kind = w.kind AND k.team_queue
            JOIN staff_members m ON m.id = ${memberId} AND m.status = 'active' AND m.roles && k.roles
            WHERE w.id = ${id} AND w.assignee_id IS NULL) AS ok`);
      return result.rows[0]?.ok ?? false;
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

    /** Locks the item, after the record holding its assignee (bd_work_lock_source, migration 0041). */
    async lockWork(
      db: DbOrTx,
      id: number,
    ): Promise<{ resolved: boolean; assignee_id: number | null; version: number } | undefined> {
      await db.execute(sql`SELECT bd_work_lock_source(${id})`);
      const result = await db.execute<{ resolved: boolean; assignee_id: number | null; version: number }>(sql`
        SELECT resolved_at IS NOT NULL AS resolved, assignee_id, version FROM work_items WHERE id = ${id} FOR UPDATE`);
      return result.rows[0];
    },

    /**
     * Sets the assignee through the record that holds it (a KYC case, an alert) and so on the item and
     * its copies (the triggers of migration 0041); returns the members who hold it now.
     */
    async assign(db: DbOrTx, id: number, assigneeId: number | null, at: Date): Promise<number[]> {
      await db.execute(sql`SELECT bd_work_set_assignee(${id}, ${assigneeId}::int, ${at})`);
      const result = await db.execute<{ member_id: number }>(sql`
        SELECT member_id FROM inbox_items WHERE work_item_id = ${id} ORDER BY member_id`);
      return result.rows.map((r) => r.member_id);
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
