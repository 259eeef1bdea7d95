import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/** One live event: a topic, who it is for (null: every signed-in member) and a little data. */
export type LiveEvent = {
  id: number;
  topic: string;
  audience: number[] | null;
  data: Record<string, unknown>;
};

/**
 * Raises a live event inside the caller's transaction: the row to resume from and the NOTIFY that
 * reaches every node are both undone by a rollback, and the NOTIFY leaves only at commit
 * (bd_publish, migration 0018).
 */
export async function publishEvent(
  tx: DbOrTx,
  event: { topic: string; audience: number[] | null; data?: Record<string, unknown> },
): Promise<void> {
  const audience = event.audience ? sql`${`{${event.audience.join(',')}}`}::integer[]` : sql`NULL::integer[]`;
  await tx.execute(
    sql`SELECT bd_publish(${event.topic}, ${audience}, ${JSON.stringify(event.data ?? {})}::jsonb)`,
  );
}

/** The most events a reconnecting client is sent; further behind, it is told to reload instead. */
export const REPLAY_LIMIT = 500;

export function createEventsRepository() {
  return {
    /**
     * What a member missed after `afterId`, oldest first: one more than the limit tells the caller
     * the client is too far behind. Events of the last seconds with smaller ids are included too:
     * ids are taken at insert and commits may land out of order (the client drops repeats).
     */
    async since(db: DbOrTx, memberId: number, afterId: number): Promise<LiveEvent[]> {
      const result = await db.execute<LiveEvent>(sql`
        SELECT id, topic, audience, data FROM live_events
        WHERE (id > ${afterId} OR at > now() - interval '5 seconds')
          AND (audience IS NULL OR ${memberId} = ANY (audience))
        ORDER BY id LIMIT ${REPLAY_LIMIT + 1}`);
      return result.rows;
    },

    /** Whether events after `afterId` were already pruned, so a replay from there would miss some. */
    async pruned(db: DbOrTx, afterId: number): Promise<boolean> {
      const result = await db.execute<{ first: number | null }>(
        sql`SELECT min(id) AS first FROM live_events`,
      );
      const first = result.rows[0]?.first;
      return first != null && first > afterId + 1;
    },

    async byId(db: DbOrTx, id: number): Promise<LiveEvent | undefined> {
      const result = await db.execute<LiveEvent>(
        sql`SELECT id, topic, audience, data FROM live_events WHERE id = ${id}`,
      );
      return result.rows[0];
    },

    /** Drops events older than the resume window. */
    async prune(db: DbOrTx, keepMinutes: number): Promise<number> {
      const result = await db.execute(
        sql`DELETE FROM live_events WHERE at < now() - ${keepMinutes} * interval '1 minute'`,
      );
      return result.rowCount ?? 0;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
