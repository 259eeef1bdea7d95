import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { kycStatusOf } from '@backdesk/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKycCustomersRepository } from '../../modules/compliance/kyc/kyc-customers.repository.ts';
import { createDb, createPool } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { copyInto, encodeChunks } from './copy-load.ts';
import { customerAt } from './customers.ts';
import { isDemoDataPresent, planSeed, seedDemoData } from './index.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const SEED = 99;

interface ScratchDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, empty, migrated database on the test run's server (see test/global-setup.ts), dropped after. */
async function createScratchDatabase(): Promise<ScratchDatabase> {
  const adminUrl = process.env.BACKDESK_TEST_ADMIN_URL;
  if (!adminUrl) throw new Error('Run through vitest: the global setup provides the database server');
  // The bd_t_<run>_ prefix lets the global teardown drop what a failed test left behind.
  const name = `bd_t_${process.env.BACKDESK_TEST_PID}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 2);
  await runMigrations(pool);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Every index and constraint definition, to check that the load put back what it set aside. */
async function schemaObjects(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ def: string }>(
    `SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'public'
     UNION ALL
     SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace
     UNION ALL
     SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger
      WHERE NOT tgisinternal
     ORDER BY 1`,
  );
  return rows.map((r) => r.def);
}

const countOf = async (pool: pg.Pool, sql: string) => Number((await pool.query(sql)).rows[0].n);

describe('seedDemoData against PostgreSQL', () => {
  let db: ScratchDatabase;
  let progressCalls = 0;
  let schemaBefore: string[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase();
    schemaBefore = await schemaObjects(db.pool);
    expect(await isDemoDataPresent(db.pool)).toBe(false);
    const report = await seedDemoData(db.pool, {
      customers: 2_000,
      seed: SEED,
      now: NOW,
      onProgress: () => progressCalls++,
    });
    expect(report.slice(0, 7).map((r) => [r.table, r.rows])).toEqual([
      ['customer_types', 4],
      ['customers', 2_000],
      ['p2p_offers', 100],
      ['p2p_trades', 400],
      ['transaction_limits', 30],
      ['assets', 6],
      ['wallet_transactions', 10_000],
    ]);
    // Then each area's own tables (CRM, transactions), every one of them with rows.
    for (const area of report.slice(7)) expect(area.rows, area.table).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  });

  it('puts back every index and foreign key it set aside during the load', async () => {
    expect(schemaBefore.some((d) => d.includes('wallet_transactions_customer_id_customers_id_fk'))).toBe(
      true,
    );
    expect(await schemaObjects(db.pool)).toEqual(schemaBefore);
  });

  it('writes what the triggers it set aside would have: every screening key, an empty fraud queue', async () => {
    const keys = `SELECT DISTINCT k, c.id FROM customers c,
      unnest(bd_screen_keys(concat_ws(' ', c.alias_name, c.alias_surname))) k`;
    const differing = `SELECT count(*) AS n FROM ((${keys} EXCEPT SELECT key, customer_id FROM screening_customer_keys)
      UNION ALL (SELECT key, customer_id FROM screening_customer_keys EXCEPT ${keys})) AS d`;
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM screening_customer_keys')).toBeGreaterThan(
      2_000,
    );
    expect(await countOf(db.pool, differing)).toBe(0);
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM fraud_event_queue')).toBe(0);
  });

  it('stores the counts it reports and calls onProgress', async () => {
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM customers')).toBe(2_000);
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM wallet_transactions')).toBe(10_000);
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM customer_types')).toBe(4);
    expect(progressCalls).toBeGreaterThanOrEqual(6);
    expect(await isDemoDataPresent(db.pool)).toBe(true);
  });

  it('keeps every reference valid, with a few trades whose offer is gone', async () => {
    const sellers =
      'SELECT count(*) AS n FROM p2p_offers o LEFT JOIN customers c ON c.user_name = o.seller_user_name';
    expect(await countOf(db.pool, `${sellers} WHERE c.id IS NULL`)).toBe(0);
    const buyers =
      'SELECT count(*) AS n FROM p2p_trades t LEFT JOIN customers c ON c.user_name = t.buyer_user_name';
    expect(await countOf(db.pool, `${buyers} WHERE c.id IS NULL`)).toBe(0);
    const orphans = await countOf(
      db.pool,
      `SELECT count(*) AS n FROM p2p_trades t
        WHERE NOT EXISTS (SELECT 1 FROM p2p_offers o WHERE o.trade_market_guid = t.trade_market_guid)`,
    );
    expect(orphans).toBeGreaterThan(2);
    expect(orphans).toBeLessThan(30);
    const early = `SELECT count(*) AS n FROM wallet_transactions w JOIN customers c ON c.id = w.customer_id
      WHERE w.created_at < c.create_date OR w.updated_at < w.created_at`;
    expect(await countOf(db.pool, early)).toBe(0);
    const review = "SELECT count(*) AS n FROM wallet_transactions WHERE status = 'under_review'";
    expect(await countOf(db.pool, `${review} AND type <> 'withdrawal'`)).toBe(0);
    expect(await countOf(db.pool, review)).toBeGreaterThan(10);
  });

  it("gives each KYC decision the start of its review, as the database's own rule would", async () => {
    const decided = 'SELECT count(*) AS n FROM kyc_decisions';
    expect(await countOf(db.pool, decided)).toBeGreaterThan(100);
    expect(await countOf(db.pool, `${decided} WHERE review_started_at IS NULL`)).toBe(0);
    const differing = `${decided}
      WHERE review_started_at IS DISTINCT FROM bd_kyc_review_started(customer_id, at)`;
    expect(await countOf(db.pool, differing)).toBe(0);
  });

  it("stores each customer's KYC status as the status rule reads their documents and decisions", async () => {
    const { rows } = await db.pool.query<{ id: number; user_ky: string }>(
      `SELECT c.id, c.user_ky FROM customers c WHERE EXISTS (SELECT 1 FROM kyc_documents d WHERE d.customer_id = c.id)
       ORDER BY c.id`,
    );
    expect(rows.length).toBeGreaterThan(500);
    const facts = createKycCustomersRepository();
    const drizzleDb = createDb(db.pool);
    const differing: string[] = [];
    for (const { id, user_ky } of rows) {
      const derived = kycStatusOf((await facts.lockFacts(drizzleDb, Number(id), false))!);
      if (derived !== user_ky) differing.push(`${id}: ${user_ky} ≠ ${derived}`);
    }
    expect(differing).toEqual([]);
    // Every status the rule can reach is in the demo, the resubmission asked for too.
    const statuses = await db.pool.query<{ user_ky: string }>(
      'SELECT DISTINCT user_ky FROM customers WHERE user_ky IS NOT NULL ORDER BY 1',
    );
    expect(statuses.rows.map((r) => r.user_ky)).toEqual([
      'approved',
      'kyc',
      'pending',
      'rejected',
      'resubmit',
    ]);
  });

  it('stores exactly what the generator made, backslashes in roles included', async () => {
    const plan = planSeed({ customers: 2_000, seed: SEED, now: NOW });
    const { rows } = await db.pool.query(
      'SELECT id, user_name, roles, create_date FROM customers WHERE id IN (1, 2, 3, 1000, 2000) ORDER BY id',
    );
    for (const row of rows) {
      const expected = customerAt(SEED, plan.timeline, row.id);
      expect(row.user_name).toBe(expected.userName);
      expect(row.roles).toBe(expected.rolesText);
      expect(row.create_date.getTime()).toBe(expected.createDate);
    }
    const escaped = await db.pool.query(
      String.raw`SELECT roles FROM customers WHERE roles LIKE '[\\"%' LIMIT 1`,
    );
    expect(escaped.rows[0].roles).toMatch(/^\[\\"[a-z_]+\\"/);
  });

  it('round-trips tab, newline and backslash through COPY', async () => {
    const tricky = 'tab\there\nnew line \\ back\\slash \\N not null\r';
    const client = await db.pool.connect();
    try {
      await client.query('CREATE TEMP TABLE copy_probe (v text, w text)');
      await copyInto(client, 'copy_probe', ['v', 'w'], encodeChunks([[tricky, null]]));
      const { rows } = await client.query('SELECT v, w FROM copy_probe');
      expect(rows).toEqual([{ v: tricky, w: null }]);
    } finally {
      client.release();
    }
  });

  it('advances the sequences so plain inserts work afterwards', async () => {
    const customer = await db.pool.query(
      "INSERT INTO customers (user_name) VALUES ('after.seed') RETURNING id",
    );
    expect(customer.rows[0].id).toBe(2001);
    const tx = await db.pool.query(
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status)
        VALUES (1, 'deposit', 'TRY', 'BANK', '10', 'pending') RETURNING id`,
    );
    expect(tx.rows[0].id).toBe(10_001);
    const trade = await db.pool.query(
      `INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount)
        VALUES (gen_random_uuid(), 'after.seed', '1') RETURNING id`,
    );
    expect(trade.rows[0].id).toBe(401);
  });

  it('refuses a second run, and replaces everything with reset', async () => {
    await expect(seedDemoData(db.pool, { customers: 10, now: NOW })).rejects.toThrow(
      /Refusing to seed: customers/,
    );
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM customers')).toBe(2_001);

    await seedDemoData(db.pool, { customers: 50, seed: SEED, now: NOW, reset: true });
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM customers')).toBe(50);
    expect(await countOf(db.pool, 'SELECT count(*) AS n FROM wallet_transactions')).toBe(250);
    const next = await db.pool.query("INSERT INTO customers (user_name) VALUES ('after.reset') RETURNING id");
    expect(next.rows[0].id).toBe(51);
  }, 60_000);
});

/** One text digest of a whole table, in key order, to compare two loads. */
async function digest(pool: pg.Pool, table: string, key: string): Promise<string> {
  const { rows } = await pool.query(
    `SELECT md5(string_agg(t::text, E'\\n' ORDER BY ${key})) AS d FROM ${table} t`,
  );
  return rows[0].d;
}

describe('the seed CLI', () => {
  it('loads exactly what seedDemoData loads, and prints rows per second', async () => {
    const viaLibrary = await createScratchDatabase();
    const viaCli = await createScratchDatabase();
    try {
      await seedDemoData(viaLibrary.pool, { customers: 300, seed: SEED, now: NOW });
      const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
      const args = ['--import', 'tsx', 'apps/server/scripts/seed.ts', '--customers', '300'];
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [...args, '--seed', String(SEED), '--now', NOW.toISOString()],
        { cwd: repoRoot, env: { ...process.env, DATABASE_URL: viaCli.url } },
      );
      expect(stdout).toMatch(/wallet_transactions\s+1,500\s/);
      expect(stdout).toMatch(/rows\/s/);
      const keys = [
        ['customers', 'id'],
        ['p2p_offers', 'trade_market_guid'],
        ['p2p_trades', 'id'],
        ['transaction_limits', 'lid'],
        ['wallet_transactions', 'id'],
      ];
      for (const [table, key] of keys) {
        expect(await digest(viaCli.pool, table!, key!)).toBe(await digest(viaLibrary.pool, table!, key!));
      }
    } finally {
      await viaLibrary.drop();
      await viaCli.drop();
    }
  }, 60_000);
});
