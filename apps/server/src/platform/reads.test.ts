import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { sessionHeaders } from '../../test/roles.ts';
import { createPool, type Db } from '../db/client.ts';
import { createReads } from './reads.ts';

// The replica is a second pool on the same server (a standby cannot be started here); where it has
// replayed to is what the test says, so every routing case is reached.
let t: TestApp;
let replicaPool: ReturnType<typeof createPool>;
beforeAll(async () => {
  t = await buildTestApp();
  replicaPool = createPool(t.pool.options.connectionString as string, 2);
});
afterAll(async () => {
  await replicaPool.end();
  await t.close();
});

const memberId = async (db: Db, userName: string) =>
  (await db.execute<{ id: number }>(sql`SELECT id FROM staff_members WHERE user_name = ${userName}`)).rows[0]!
    .id;

describe('reads from a replica, with read-your-own-write', () => {
  it('sends a member who just changed something to the primary until the replica replayed it', async () => {
    let replayedTo: string | null = '0/0';
    const reads = createReads({
      primary: t.db,
      replicaUrl: t.pool.options.connectionString,
      replayed: async () => replayedTo,
    });
    try {
      const admin = await memberId(t.db, 'admin');
      const manager = await memberId(t.db, 'manager');
      expect(await reads.db(admin)).toBe(reads.replica);
      await reads.markWrite(admin);
      expect(await reads.db(admin)).toBe(t.db);
      expect(await reads.db(manager)).toBe(reads.replica);
      const { rows } = await t.db.execute<{ lsn: string }>(sql`SELECT pg_current_wal_lsn()::text AS lsn`);
      replayedTo = rows[0]!.lsn;
      expect(await reads.db(admin)).toBe(reads.replica);
      replayedTo = null; // not a standby at all: as current as the primary
      expect(await reads.db(admin)).toBe(reads.replica);
    } finally {
      await reads.close();
    }
  });

  it('falls back to the primary when the replica does not answer', async () => {
    const reads = createReads({
      primary: t.db,
      replicaUrl: t.pool.options.connectionString,
      replayed: async () => {
        throw new Error('connection refused');
      },
    });
    const admin = await memberId(t.db, 'admin');
    await reads.markWrite(admin);
    expect(await reads.db(admin)).toBe(t.db);
    await reads.close();
  });

  it('reads from the primary only, without READ_DATABASE_URL', async () => {
    const reads = createReads({ primary: t.db });
    expect(reads.replica).toBeUndefined();
    expect(await reads.db(1)).toBe(t.db);
  });
});

describe('READ_DATABASE_URL in the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ READ_DATABASE_URL: replicaPool.options.connectionString as string });
  });
  afterAll(() => app?.close());

  it("marks a member's change before answering, and serves the heavy list through the replica", async () => {
    expect(app.app.reads.replica).toBeDefined();
    const headers = await sessionHeaders(app, 'admin');
    const saved = await app.app.inject({
      method: 'POST',
      url: '/api/saved-views/save',
      headers,
      payload: { list: 'transactions.wallet', name: 'mine', search: { status: 'pending' } },
    });
    expect(saved.statusCode).toBe(200);
    const admin = await memberId(app.db, 'admin');
    const marks = await app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM member_write_marks WHERE member_id = ${admin}`,
    );
    expect(marks.rows[0]!.n).toBe(1);
    const list = await app.app.inject({ url: '/api/transactions/wallet-transactions?limit=5', headers });
    expect(list.statusCode).toBe(200);
    // A refused change marks nothing.
    const refused = await app.app.inject({
      method: 'POST',
      url: '/api/saved-views/save',
      headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
  });
});
