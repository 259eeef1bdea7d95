import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-server.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { SORT_WINDOW, sparsePage } from './sparse-page.ts';

let database: TestDatabase;
let pool: ReturnType<typeof createPool>;
let db: Db;
const ROWS = SORT_WINDOW * 3;
beforeAll(async () => {
  // As the owner: the table is this test's own fixture.
  database = await createTestDatabase();
  pool = createPool(database.url, 2);
  db = createDb(pool);
  // Sort keys repeat (ties broken by id); `kind` is dense (every 3rd row), rare (7 rows) or absent.
  await db.execute(sql`
    CREATE TABLE sparse_rows AS
      SELECT n AS id, n % 997 AS rank,
             CASE WHEN n % 3 = 0 THEN 'dense' WHEN n % 2011 = 0 THEN 'rare' ELSE 'other' END AS kind
      FROM generate_series(1, ${ROWS}) AS g(n)`);
  await db.execute(sql`CREATE INDEX ON sparse_rows (rank, id)`);
  await db.execute(sql`CREATE INDEX ON sparse_rows (kind)`);
  await db.execute(sql`ANALYZE sparse_rows`);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

type Row = { id: number; rank: number };
const order = (dir: 'asc' | 'desc') => sql.raw(`rank ${dir}, id ${dir}`);

/** The page the plain query gives, and the one sparsePage gives: they must be the same rows. */
async function both(filter: SQL, dir: 'asc' | 'desc', after?: [number, number], rare?: boolean) {
  const keyset = after
    ? sql` AND (rank, id) ${sql.raw(dir === 'asc' ? '>' : '<')} (${after[0]}, ${after[1]})`
    : sql``;
  const page = (ids: SQL) =>
    sql`SELECT id, rank FROM sparse_rows WHERE ${ids}${keyset} ORDER BY ${order(dir)} LIMIT 51`;
  const plain = (await db.execute<Row>(page(filter))).rows;
  const sparse = await sparsePage<Row>(db, {
    page,
    window: sql`SELECT id, ${filter} AS hit FROM sparse_rows WHERE true${keyset} ORDER BY ${order(dir)}`,
    matches: sql`SELECT id FROM sparse_rows WHERE ${filter}${keyset} ORDER BY ${order(dir)}`,
    id: sql`id`,
    limit: 51,
    rare,
  });
  return { plain, sparse };
}

describe('sparsePage', () => {
  it('gives the plain query’s rows, in its order, whether matches are dense, rare or absent', async () => {
    for (const kind of ['dense', 'rare', 'none'])
      for (const dir of ['asc', 'desc'] as const) {
        const { plain, sparse } = await both(sql`kind = ${kind}`, dir);
        expect(sparse).toEqual(plain);
        if (kind === 'dense') expect(sparse).toHaveLength(51);
        if (kind === 'rare') expect(sparse.length).toBeGreaterThan(0);
        if (kind === 'none') expect(sparse).toEqual([]);
      }
  });

  it('gives the same rows when told beforehand that matches are rare (no window read)', async () => {
    for (const kind of ['dense', 'rare', 'none']) {
      const { plain, sparse } = await both(sql`kind = ${kind}`, 'desc', undefined, true);
      expect(sparse).toEqual(plain);
      const after = await both(sql`kind = ${kind}`, 'asc', [500, 0], true);
      expect(after.sparse).toEqual(after.plain);
    }
  });

  it('continues after a cursor’s key', async () => {
    for (const kind of ['dense', 'rare']) {
      const { plain, sparse } = await both(sql`kind = ${kind}`, 'asc', [500, 0]);
      expect(sparse).toEqual(plain);
      expect(sparse.every((r) => r.rank >= 500)).toBe(true);
    }
  });
});
