import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-server.ts';
import { createPool } from './client.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${name} SET DateStyle = 'SQL, DMY'`);
  await admin.end();
});
afterAll(() => database.drop());

describe('createPool', () => {
  it('talks ISO dates whatever the server or database default (exports cast timestamps to text)', async () => {
    const plain = new pg.Client({ connectionString: database.url });
    await plain.connect();
    expect((await plain.query('SHOW DateStyle')).rows[0].DateStyle).toBe('SQL, DMY');
    await plain.end();

    const pool = createPool(database.url, 1);
    try {
      expect((await pool.query('SHOW DateStyle')).rows[0].DateStyle).toBe('ISO, YMD');
      const text = await pool.query(`SELECT '2026-03-31 06:59:02.5'::timestamp::text AS t`);
      expect(text.rows[0].t).toBe('2026-03-31 06:59:02.5');
    } finally {
      await pool.end();
    }
  });
});
