import { type inboxApi, TEAM_QUEUE_KINDS, type TeamQueueKind } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

type QueueRow = Omit<inboxApi.TeamQueue, 'kind'> & { kind: TeamQueueKind };
export type QueueSettings = Pick<inboxApi.TeamQueue, 'kind' | 'routing' | 'cap_per_member' | 'version'> & {
  last_member_id: number | null;
};

const kindOrder = sql`array_position(${`{${TEAM_QUEUE_KINDS.join(',')}}`}::text[], s.kind)`;

/** Open, unassigned work of one kind: a range of work_items_queue_idx (migration 0041). */
const waiting = (kind: SQL) =>
  sql`work_items w WHERE w.kind = ${kind} AND w.resolved_at IS NULL AND w.assignee_id IS NULL`;

export function createQueuesRepository() {
  return {
    /** Team queues with their counts, in the contract's order: those a member's roles reach, or one. */
    async queues(
      db: DbOrTx,
      now: Date,
      only: { memberId: number } | { kind: TeamQueueKind },
    ): Promise<QueueRow[]> {
      const which =
        'kind' in only
          ? sql`WHERE s.kind = ${only.kind}`
          : sql`JOIN staff_members m ON m.id = ${only.memberId} AND m.roles && k.roles`;
      const result = await db.execute<QueueRow>(sql`
        SELECT s.kind, s.routing, s.cap_per_member, s.version,
          (SELECT count(*) FROM ${waiting(sql`s.kind`)})::int AS unassigned,
          (SELECT count(*) FROM ${waiting(sql`s.kind`)} AND w.due_at < ${now})::int AS overdue,
          (SELECT ${isoUtc(sql`min(w.opened_at)`)} FROM ${waiting(sql`s.kind`)}) AS oldest_opened_at
        FROM team_queue_settings s
        JOIN inbox_kinds k ON k.kind = s.kind AND k.team_queue
        ${which}
        ORDER BY ${kindOrder}`);
      return result.rows;
    },

    async reaches(db: DbOrTx, memberId: number, kind: TeamQueueKind): Promise<boolean> {
      const result = await db.execute<{ ok: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM inbox_kinds k JOIN staff_members m ON m.id = ${memberId}
          AND m.status = 'active' AND m.roles && k.roles WHERE k.kind = ${kind} AND k.team_queue) AS ok`);
      return result.rows[0]?.ok ?? false;
    },

    /** The oldest unassigned items of a queue, the first to try taking (another may take one first). */
    async oldest(db: DbOrTx, kind: TeamQueueKind, limit: number): Promise<number[]> {
      const result = await db.execute<{ id: number }>(sql`
        SELECT w.id FROM ${waiting(sql`${kind}`)} ORDER BY w.opened_at, w.id LIMIT ${limit}`);
      return result.rows.map((r) => Number(r.id));
    },

    /** Takes an item for a member when nobody holds it yet (bd_work_set_assignee, migration 0041). */
    async take(db: DbOrTx, id: number, memberId: number, at: Date): Promise<boolean> {
      const result = await db.execute<{ ok: boolean }>(
        sql`SELECT bd_work_set_assignee(${id}, ${memberId}::int, ${at}, true) AS ok`,
      );
      return result.rows[0]?.ok ?? false;
    },

    async settings(db: DbOrTx, kind: TeamQueueKind, lock = false): Promise<QueueSettings | undefined> {
      const result = await db.execute<QueueSettings>(sql`
        SELECT kind, routing, cap_per_member, version, last_member_id FROM team_queue_settings
        WHERE kind = ${kind} ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows[0];
    },

    async routedKinds(db: DbOrTx): Promise<TeamQueueKind[]> {
      const result = await db.execute<{ kind: TeamQueueKind }>(
        sql`SELECT kind FROM team_queue_settings WHERE routing = 'round_robin' ORDER BY kind`,
      );
      return result.rows.map((r) => r.kind);
    },

    async updateSettings(
      db: DbOrTx,
      edit: { kind: TeamQueueKind; routing: string; cap_per_member: number | null },
      at: Date,
    ): Promise<void> {
      await db.execute(sql`
        UPDATE team_queue_settings SET routing = ${edit.routing}, cap_per_member = ${edit.cap_per_member},
          version = version + 1, updated_at = ${at}
        WHERE kind = ${edit.kind}`);
    },

    /** Where round robin stands: bookkeeping of the routing, not an edit (no version). */
    async moveCursor(db: DbOrTx, kind: TeamQueueKind, memberId: number): Promise<void> {
      await db.execute(sql`UPDATE team_queue_settings SET last_member_id = ${memberId} WHERE kind = ${kind}`);
    },

    /**
     * Who routing may give a queue's next item, in round-robin order after `after`: active members the
     * kind reaches, not away at `now`, holding fewer open items of the kind than `cap`.
     */
    async nextMember(
      db: DbOrTx,
      kind: TeamQueueKind,
      after: number | null,
      cap: number | null,
      now: Date,
    ): Promise<{ id: number; display_name: string } | undefined> {
      const result = await db.execute<{ id: number; display_name: string }>(sql`
        SELECT m.id, m.display_name FROM staff_members m
        JOIN inbox_kinds k ON k.kind = ${kind}
        WHERE m.status = 'active' AND m.roles && k.roles
          AND NOT EXISTS (SELECT 1 FROM staff_away a WHERE a.member_id = m.id AND a.until > ${now})
          AND (${cap}::int IS NULL OR (
            SELECT count(*) FROM work_items w
            WHERE w.assignee_id = m.id AND w.kind = ${kind} AND w.resolved_at IS NULL) < ${cap}::int)
        ORDER BY (m.id <= ${after ?? 0}::int), m.id
        LIMIT 1`);
      return result.rows[0];
    },

    async awayUntil(db: DbOrTx, memberId: number, now: Date): Promise<string | null> {
      const result = await db.execute<{ until: string }>(sql`
        SELECT ${isoUtc(sql`until`)} AS until FROM staff_away WHERE member_id = ${memberId} AND until > ${now}`);
      return result.rows[0]?.until ?? null;
    },

    async setAway(db: DbOrTx, memberId: number, until: Date | null, at: Date): Promise<void> {
      if (until === null) {
        await db.execute(sql`DELETE FROM staff_away WHERE member_id = ${memberId}`);
        return;
      }
      await db.execute(sql`
        INSERT INTO staff_away (member_id, until, updated_at) VALUES (${memberId}, ${until}, ${at})
        ON CONFLICT (member_id) DO UPDATE SET until = EXCLUDED.until, updated_at = EXCLUDED.updated_at`);
    },

    async memberName(db: DbOrTx, id: number): Promise<string | null> {
      const result = await db.execute<{ display_name: string }>(
        sql`SELECT display_name FROM staff_members WHERE id = ${id}`,
      );
      return result.rows[0]?.display_name ?? null;
    },
  };
}
export type QueuesRepository = ReturnType<typeof createQueuesRepository>;
