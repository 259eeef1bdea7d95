import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { withDatabase } from '../../../../test/test-server.ts';
import { createDb, createPool } from '../../../db/client.ts';
import { checkpointSigner, sealChains, verifyChain } from './log-chain.ts';

/** The secret buildTestApp gives the app: checkpoints signed here verify there. */
const SECRET = 'test-secret-'.padEnd(40, 'x');
const signer = checkpointSigner(SECRET);

const INSERT_ROW =
  "INSERT INTO audit_log (action, entity, entity_id) VALUES ('update', 'customer', '1') RETURNING id";

/** The audit trail's chain is linked at commit (migration 0030, decision 0008 "Chained at commit"). */
describe('the audit chain, linked at commit', () => {
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

  /** Runs statements as the owner with a trigger of audit_log switched off, as an intruder would. */
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

  it('holds no chain lock while a change is open, and links no rolled-back row', async () => {
    const before = await links();
    const change = await t.pool.connect();
    const other = await t.pool.connect();
    try {
      await change.query('BEGIN');
      await change.query(INSERT_ROW);
      // Another node may take the chain's lock meanwhile: the open change does not hold it.
      await other.query('BEGIN');
      await other.query("SET LOCAL lock_timeout = '5s'");
      await expect(other.query('SELECT pg_advisory_xact_lock(7272, 2)')).resolves.toBeDefined();
      await other.query('COMMIT');
      await change.query('ROLLBACK');
    } finally {
      change.release();
      other.release();
    }
    expect(await links()).toBe(before);
  });

  it('numbers rows written at once from several nodes into one intact chain', async () => {
    const before = await links();
    // Three pools stand for three nodes; each change writes two rows, linked as it commits.
    const nodes = [0, 1, 2].map(() => createPool(t.pool.options.connectionString!, 4));
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          createDb(nodes[i % 3]!).transaction(async (tx) => {
            await tx.execute(sql.raw(INSERT_ROW));
            await tx.execute(sql.raw(INSERT_ROW));
          }),
        ),
      );
    } finally {
      await Promise.all(nodes.map((n) => n.end()));
    }
    expect(await links()).toBe(before + 120);
    expect(await sealChains(t.db, signer)).toBeGreaterThanOrEqual(1);
    const result = await verifyChain(t.db, 'audit', signer);
    expect(result).toMatchObject({ intact: true, broken_id: null, reason: null, seals: 1 });
    // Links follow commits, not ids: a change that took its ids first may commit last. The walk goes
    // through the last link, and no row is left without one.
    const { rows } = await t.db.execute<{ id: string; unlinked: number }>(sql`
      SELECT (SELECT audit_id::text FROM audit_chain ORDER BY seq DESC LIMIT 1) AS id,
             (SELECT count(*)::int FROM audit_log a WHERE NOT EXISTS (SELECT FROM audit_chain c WHERE c.audit_id = a.id)) AS unlinked`);
    expect(result.through_id).toBe(Number(rows[0]!.id));
    expect(rows[0]!.unlinked).toBe(0);
  });

  it('finds a row written past the chain, and a row removed from under its link', async () => {
    const unlinked = await behindTheTrigger('audit_log_chain', INSERT_ROW);
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
