import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { withDatabase } from '../../../../test/test-server.ts';
import { createDb, createPool } from '../../../db/client.ts';
import { linkAuditTrail, linkCommitted } from './audit-linker.ts';
import { checkpointSigner, sealChains, verifyChain } from './log-chain.ts';

/** The secret buildTestApp gives the app: checkpoints signed here verify there. */
const SECRET = 'test-secret-'.padEnd(40, 'x');
const signer = checkpointSigner(SECRET);

const INSERT_ROW =
  "INSERT INTO audit_log (action, entity, entity_id) VALUES ('update', 'customer', '1') RETURNING id";

/** The audit trail's chain is linked after commit by one linker (migration 0064, decision 0032). */
describe('the audit chain, linked after commit', () => {
  let t: TestApp;
  let owner: pg.Pool;

  beforeAll(async () => {
    t = await buildTestApp();
    const { rows } = await t.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
    owner = createPool(withDatabase(process.env.BACKDESK_TEST_ADMIN_URL!, rows[0]!.name), 2);
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  const links = async () =>
    (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_chain`)).rows[0]!.n;
  const linkedIds = async (ids: number[]) =>
    (
      await t.db.execute<{ id: string }>(
        sql`SELECT audit_id::text AS id FROM audit_chain WHERE audit_id IN ${ids} ORDER BY seq`,
      )
    ).rows.map((r) => Number(r.id));
  // Everything committed so far; other test files' open transactions hold the horizon for a while.
  const link = () => linkCommitted(t.db, 30_000);

  /** Runs one statement as the owner with a trigger of audit_log switched off, as an intruder would. */
  async function behindTheTrigger(trigger: string, statement: string): Promise<number | null> {
    const client = await owner.connect();
    try {
      await client.query('BEGIN');
      await client.query(`ALTER TABLE audit_log DISABLE TRIGGER ${trigger}`);
      const { rows } = await client.query<{ id: string }>(statement);
      await client.query(`ALTER TABLE audit_log ENABLE TRIGGER ${trigger}`);
      await client.query('COMMIT');
      return rows[0] ? Number(rows[0].id) : null;
    } finally {
      client.release();
    }
  }

  it('takes no chain lock in a writer, not even at commit, and links no rolled-back row', async () => {
    await link();
    const before = await links();
    const change = await t.pool.connect();
    const linker = await t.pool.connect();
    try {
      // The linker holds the chain's lock; a change still writes and commits under a short timeout.
      await linker.query('BEGIN');
      await linker.query('SELECT pg_advisory_xact_lock(7272, 2)');
      await change.query("SET lock_timeout = '2s'");
      await change.query('BEGIN');
      await change.query(INSERT_ROW);
      await change.query('COMMIT');
      await change.query('BEGIN');
      await change.query(INSERT_ROW);
      await change.query('ROLLBACK');
      await change.query('RESET lock_timeout');
      await linker.query('COMMIT');
    } finally {
      change.release();
      linker.release();
    }
    expect(await link()).toMatchObject({ complete: true });
    expect(await links()).toBe(before + 1);
  });

  it('links the rows of a change still open only after it commits, in transaction order', async () => {
    await link();
    const early = await t.pool.connect();
    try {
      await early.query('BEGIN');
      const first = Number((await early.query<{ id: string }>(INSERT_ROW)).rows[0]!.id);
      // A later change commits first, and a REPEATABLE READ one too: writers need no isolation level.
      const later = Number((await t.pool.query<{ id: string }>(INSERT_ROW)).rows[0]!.id);
      const client = await t.pool.connect();
      let repeatable: number;
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        repeatable = Number((await client.query<{ id: string }>(INSERT_ROW)).rows[0]!.id);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      // The open change is older than both: neither can be linked before it is.
      expect(await linkAuditTrail(t.db, { wait: true })).toMatchObject({ linked: 0 });
      expect(await linkedIds([first, later, repeatable])).toEqual([]);
      expect(await verifyChain(t.db, 'audit', signer)).toMatchObject({ intact: true });
      await early.query('COMMIT');
      await link();
      expect(await linkedIds([first, later, repeatable])).toEqual([first, later, repeatable]);
    } finally {
      early.release();
    }
  });

  it('links rows written at once from several nodes into one intact chain, one linker at a time', async () => {
    const before = await links();
    // Three pools stand for three nodes; each change writes two rows while all three keep linking.
    const nodes = [0, 1, 2].map(() => createPool(t.pool.options.connectionString!, 4));
    const dbs = nodes.map((n) => createDb(n));
    let writing = true;
    const linkers = dbs.map(async (db) => {
      while (writing) await linkAuditTrail(db, { wait: false });
    });
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          dbs[i % 3]!.transaction(async (tx) => {
            await tx.execute(sql.raw(INSERT_ROW));
            await tx.execute(sql.raw(INSERT_ROW));
          }),
        ),
      );
      writing = false;
      await Promise.all(linkers);
    } finally {
      writing = false;
      await Promise.all(nodes.map((n) => n.end()));
    }
    await link();
    expect(await links()).toBe(before + 120);
    expect(await sealChains(t.db, signer)).toBeGreaterThanOrEqual(1);
    const result = await verifyChain(t.db, 'audit', signer);
    expect(result).toMatchObject({ intact: true, broken_id: null, reason: null });
    // The walk goes through the last link, and no row is left without one.
    const { rows } = await t.db.execute<{ id: string; unlinked: number }>(sql`
      SELECT (SELECT audit_id::text FROM audit_chain ORDER BY seq DESC LIMIT 1) AS id,
             (SELECT count(*)::int FROM audit_log a WHERE NOT EXISTS (SELECT FROM audit_chain c WHERE c.audit_id = a.id)) AS unlinked`);
    expect(result.through_id).toBe(Number(rows[0]!.id));
    expect(rows[0]!.unlinked).toBe(0);
  });

  it('finds a row written where the linker will not reach, and a row removed from under its link', async () => {
    await link();
    // A row dated to a transaction the chain has passed is never linked: it is reported. Only an
    // intruder switching the trigger off can date it; the app's own inserts are dated by it.
    const dated =
      "INSERT INTO audit_log (action, entity, entity_id, xid) VALUES ('update', 'customer', '1', '1') RETURNING id";
    const stamped = Number((await t.pool.query<{ id: string }>(dated)).rows[0]!.id);
    const unlinked = (await behindTheTrigger('audit_log_xid', dated))!;
    await link();
    expect(await linkedIds([stamped])).toEqual([stamped]);
    expect(await verifyChain(t.db, 'audit', signer)).toMatchObject({
      intact: false,
      broken_id: unlinked,
      reason: 'unchained',
    });
    await behindTheTrigger('audit_log_append_only', `DELETE FROM audit_log WHERE id = ${unlinked}`);
    expect(await verifyChain(t.db, 'audit', signer)).toMatchObject({ intact: true });

    // The first row of the chain goes; its link stays and no longer matches anything.
    const { rows } = await t.db.execute<{ id: string }>(
      sql`SELECT audit_id::text AS id FROM audit_chain ORDER BY seq LIMIT 1`,
    );
    const first = Number(rows[0]!.id);
    await behindTheTrigger('audit_log_append_only', `DELETE FROM audit_log WHERE id = ${first}`);
    expect(await verifyChain(t.db, 'audit', signer)).toMatchObject({
      intact: false,
      broken_id: first,
      reason: 'hash_mismatch',
    });
  });
});
