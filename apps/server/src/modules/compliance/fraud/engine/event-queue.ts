import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client.ts';

export type QueuedEvent = {
  kind: string;
  ref_id: number;
  customer_id: number | null;
};

/**
 * Takes up to `size` events off the queue, oldest first, skipping those another node holds.
 *
 * The ids are chosen once, as an array, before the delete. Written as `id IN (SELECT … LIMIT n FOR
 * UPDATE SKIP LOCKED)`, the planner may make the claim the inner side of a nested loop: a queue that
 * autovacuum last analyzed drained (0 rows in its pages) and then fills with a batch of the
 * exchange's is estimated at 1 row, the claim is run again for every row, each run skips the rows the
 * statement already deleted, and one batch takes the whole queue in quadratic time (20,000 events:
 * 51 s, all of them in one transaction).
 */
export async function claimEvents(tx: Tx, size: number): Promise<QueuedEvent[]> {
  const { rows } = await tx.execute<QueuedEvent>(sql`
    DELETE FROM fraud_event_queue WHERE id = ANY(ARRAY(
      SELECT id FROM fraud_event_queue ORDER BY id LIMIT ${size}::int FOR UPDATE SKIP LOCKED))
    RETURNING kind, ref_id, customer_id`);
  return rows;
}
