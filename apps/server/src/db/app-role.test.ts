import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-server.ts';
import { openDatabase } from '../bootstrap/database.ts';
import { loadConfig } from '../config/config.ts';
import { privilegeProblems } from './app-role.ts';
import { createPool } from './client.ts';

/** What PostgreSQL answers a statement: 'ok', or its error message. */
const outcome = (db: Pick<pg.Pool, 'query'>, statement: string) =>
  db.query(statement).then(
    () => 'ok',
    (err: Error) => err.message,
  );

const ATTACKS = [
  'UPDATE audit_log SET action = action',
  'DELETE FROM audit_log',
  'TRUNCATE audit_log',
  'UPDATE access_log SET event = event',
  'DELETE FROM access_log',
  'TRUNCATE access_log',
  'UPDATE audit_chain SET hash = hash',
  'DELETE FROM audit_chain',
  'DELETE FROM access_log_links',
  'ALTER TABLE audit_log DISABLE TRIGGER audit_log_xid',
  'ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only',
  'ALTER TABLE access_log DISABLE TRIGGER access_log_append_only',
  'DROP TRIGGER audit_log_append_only ON audit_log',
  'ALTER TABLE customers ADD COLUMN x int',
  'SET session_replication_role = replica',
];

/** Runs each statement in a transaction that is rolled back, whatever happens. */
async function tryEach(pool: pg.Pool, statements: string[]): Promise<Record<string, string>> {
  const client = await pool.connect();
  const seen: Record<string, string> = {};
  try {
    for (const statement of statements) {
      await client.query('BEGIN');
      seen[statement] = await outcome(client, statement);
      await client.query('ROLLBACK');
    }
  } finally {
    client.release();
  }
  return seen;
}

describe("the app's connection (docs/decisions/0005-database-roles.md)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('cannot edit history, alter a table or switch the triggers off', async () => {
    const seen = await tryEach(t.pool, ATTACKS);
    for (const [statement, answer] of Object.entries(seen)) {
      expect({ statement, answer }).toEqual({
        statement,
        answer: expect.stringMatching(/^(permission denied|must be owner)/),
      });
    }
    expect(await privilegeProblems(t.pool)).toEqual([]);
  });

  it('still reads and appends to the audit trail and the access log', async () => {
    const seen = await tryEach(t.pool, [
      "INSERT INTO access_log (event, user_name) VALUES ('login_failed', 'x')",
      "INSERT INTO audit_log (action, entity, entity_id) VALUES ('update', 'customer', '1')",
      'SELECT count(*) FROM audit_log',
      'SELECT count(*) FROM access_log',
    ]);
    expect(Object.values(seen)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});

describe('starting against DATABASE_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const start = (env: Record<string, string>) => openDatabase(loadConfig(env), () => {});

  it('refuses a role that could rewrite the audit trail', async () => {
    await expect(start({ DATABASE_URL: database.url })).rejects.toThrow(
      /could rewrite the audit trail .*MIGRATION_DATABASE_URL/s,
    );
  });

  it('migrates as the owner and runs as the app role', async () => {
    const opened = await start({ DATABASE_URL: database.appUrl, MIGRATION_DATABASE_URL: database.url });
    try {
      const { rows } = await opened.pool.query<{ role: string }>('SELECT current_user AS role');
      expect(rows[0]!.role).toBe(process.env.BACKDESK_TEST_APP_ROLE);
      expect(opened.ownerUrl).toBe(database.url);
    } finally {
      await opened.close();
    }
    // An app node without the owner's address starts on a migrated database.
    const node = await start({ DATABASE_URL: database.appUrl });
    await node.close();
  });

  it('leaves the append-only triggers to stop even the owner', async () => {
    const owner = createPool(database.url, 1);
    try {
      expect(await tryEach(owner, ['DELETE FROM audit_log', 'UPDATE access_log SET event = event'])).toEqual({
        'DELETE FROM audit_log': 'audit_log is append-only',
        'UPDATE access_log SET event = event': 'access_log is append-only',
      });
    } finally {
      await owner.end();
    }
  });
});

describe('the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-roles-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('runs the app as its own restricted role, not the superuser', { timeout: 120_000 }, async () => {
    const opened = await openDatabase(loadConfig({ DATA_DIR: dataDir }), () => {});
    try {
      const { rows } = await opened.pool.query<{ role: string }>('SELECT current_user AS role');
      expect(rows[0]!.role).toBe('backdesk_app');
      expect(await privilegeProblems(opened.pool)).toEqual([]);
      const seen = await tryEach(opened.pool, [
        'DELETE FROM audit_log',
        'SET session_replication_role = replica',
      ]);
      expect(Object.values(seen)).toEqual([
        'permission denied for table audit_log',
        'permission denied to set parameter "session_replication_role"',
      ]);
    } finally {
      await opened.close();
    }
  });
});
