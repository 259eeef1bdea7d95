// The evaluator's claim on the event queue, under the statistics a queue really has: autovacuum
// analyzes it drained (pages, no rows), then the exchange's batch fills it before the next analyze.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../test/test-server.ts';
import { createDb, createPool } from '../../../../db/client.ts';
import { claimEvents } from './event-queue.ts';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  // The schema owner: ANALYZE is the owner's.
  pool = createPool(database.url, 2);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const enqueue = (n: number) =>
  pool.query(
    `INSERT INTO fraud_event_queue (kind, ref_id) SELECT 'wallet_transaction', g FROM generate_series(1, $1::int) g`,
    [n],
  );

describe('claiming queued events', () => {
  it('takes at most its batch, oldest first, when the statistics say the queue is empty', async () => {
    await pool.query('DELETE FROM fraud_event_queue');
    await enqueue(3_000);
    await pool.query('DELETE FROM fraud_event_queue');
    await pool.query('ANALYZE fraud_event_queue');
    await enqueue(3_000);
    const { rows } = await pool.query<{ id: number }>('SELECT min(id) AS id FROM fraud_event_queue');
    const oldest = rows[0]!.id;

    const claimed = await createDb(pool).transaction((tx) => claimEvents(tx, 500));
    expect(claimed).toHaveLength(500);
    const { rows: left } = await pool.query<{ n: number; first: number }>(
      'SELECT count(*)::int AS n, min(id) AS first FROM fraud_event_queue',
    );
    expect(left[0]).toEqual({ n: 2_500, first: oldest + 500 });
  });

  it('skips the events another evaluator holds', async () => {
    await pool.query('DELETE FROM fraud_event_queue');
    await enqueue(10);
    const db = createDb(pool);
    await db.transaction(async (first) => {
      const mine = await claimEvents(first, 4);
      const theirs = await db.transaction((second) => claimEvents(second, 100));
      expect(mine.map((e) => Number(e.ref_id))).toEqual([1, 2, 3, 4]);
      expect(theirs.map((e) => Number(e.ref_id))).toEqual([5, 6, 7, 8, 9, 10]);
    });
  });
});
