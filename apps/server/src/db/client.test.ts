import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-server.ts';
import {
  createDb,
  createPool,
  executeNamed,
  executePrepared,
  runStatement,
  statementByShape,
} from './client.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${name} SET DateStyle = 'SQL, DMY'`);
  await admin.query(`ALTER DATABASE ${name} SET random_page_cost = 4`);
  await admin.end();
});
afterAll(() => database.drop());

/** A setting as a plain connection sees it (the database's default) and as a pool's connection does. */
async function setting(name: string): Promise<{ plain: string; pooled: string }> {
  const plain = new pg.Client({ connectionString: database.url });
  await plain.connect();
  const pool = createPool(database.url, 1);
  try {
    const show = async (on: pg.Client | pg.Pool) =>
      Object.values((await on.query(`SHOW ${name}`)).rows[0])[0];
    return { plain: String(await show(plain)), pooled: String(await show(pool)) };
  } finally {
    await plain.end();
    await pool.end();
  }
}

describe('createPool', () => {
  it('talks ISO dates whatever the server or database default (exports cast timestamps to text)', async () => {
    expect(await setting('DateStyle')).toEqual({ plain: 'SQL, DMY', pooled: 'ISO, YMD' });
    const pool = createPool(database.url, 1);
    try {
      const text = await pool.query(`SELECT '2026-03-31 06:59:02.5'::timestamp::text AS t`);
      expect(text.rows[0].t).toBe('2026-03-31 06:59:02.5');
    } finally {
      await pool.end();
    }
  });

  it('prices a random page read as data in memory (decision 0004), whatever the server default', async () => {
    expect(await setting('random_page_cost')).toEqual({ plain: '4', pooled: '1.1' });
  });
});

describe('executeNamed', () => {
  it('prepares the statement once per connection, in a transaction too, and answers its rows', async () => {
    const db = createDb(createPool(database.url, 1));
    try {
      const twice = (n: number) => sql`SELECT ${n}::int * 2 AS n`;
      expect(await executeNamed(db, 'test_twice', twice(2))).toEqual([{ n: 4 }]);
      const inside = await db.transaction(async (tx) => {
        const rows = await executeNamed<{ n: number }>(tx, 'test_twice', twice(5));
        const prepared = await tx.execute<{ name: string }>(
          sql`SELECT name FROM pg_prepared_statements WHERE name = 'test_twice'`,
        );
        return { rows, prepared: prepared.rows };
      });
      expect(inside).toEqual({ rows: [{ n: 10 }], prepared: [{ name: 'test_twice' }] });
    } finally {
      await db.$client.end();
    }
  });
});

describe('executePrepared', () => {
  it('names a statement after its text: one name per text, the same name each time', async () => {
    const db = createDb(createPool(database.url, 1));
    try {
      const times = (factor: number, n: number) => sql`SELECT ${n}::int * ${sql.raw(String(factor))} AS n`;
      expect(await executePrepared(db, times(2, 2))).toEqual([{ n: 4 }]);
      expect(await executePrepared(db, times(2, 5))).toEqual([{ n: 10 }]);
      expect(await executePrepared(db, times(3, 5))).toEqual([{ n: 15 }]);
      const prepared = await db.execute<{ statement: string }>(
        sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'p\\_%' ORDER BY statement`,
      );
      expect(prepared.rows.map((r) => r.statement)).toEqual([
        'SELECT $1::int * 2 AS n',
        'SELECT $1::int * 3 AS n',
      ]);
    } finally {
      await db.$client.end();
    }
  });
});

describe('statementByShape', () => {
  it('builds a shape once, binds each run its values, and prepares it under one name per shape', async () => {
    const db = createDb(createPool(database.url, 1));
    try {
      const built: string[] = [];
      const times = statementByShape<{ factor: number }>(
        (s) => String(s.factor),
        (s) => {
          built.push(String(s.factor));
          return sql`SELECT ${sql.placeholder('n')}::int * ${sql.raw(String(s.factor))} AS n, ${'fixed'}::text AS f`;
        },
      );
      expect(await runStatement(db, times({ factor: 2 }), { n: 2 })).toEqual([{ n: 4, f: 'fixed' }]);
      expect(await runStatement(db, times({ factor: 2 }), { n: 5 })).toEqual([{ n: 10, f: 'fixed' }]);
      expect(await runStatement(db, times({ factor: 3 }), { n: 5 })).toEqual([{ n: 15, f: 'fixed' }]);
      expect(times({ factor: 2 })).toBe(times({ factor: 2 }));
      expect(built).toEqual(['2', '3']);
      const inTransaction = await db.transaction((tx) => runStatement(tx, times({ factor: 3 }), { n: 7 }));
      expect(inTransaction).toEqual([{ n: 21, f: 'fixed' }]);
      const prepared = await db.execute<{ name: string; statement: string }>(
        sql`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%AS f' ORDER BY statement`,
      );
      expect(prepared.rows.map((r) => r.statement)).toEqual([
        'SELECT $1::int * 2 AS n, $2::text AS f',
        'SELECT $1::int * 3 AS n, $2::text AS f',
      ]);
      expect(prepared.rows.map((r) => r.name)).toEqual([
        times({ factor: 2 }).name,
        times({ factor: 3 }).name,
      ]);
    } finally {
      await db.$client.end();
    }
  });
});
