import type pg from 'pg';
import { copyInto, encodeChunks } from './copy-load.ts';
import { CRM_COPY_TABLES } from './crm.ts';
import { withDeferredIndexes } from './deferred-indexes.ts';
import { FRAUD_COPY_TABLES, finishFraudSeed } from './fraud.ts';
import { finishKycSeed, KYC_COPY_TABLES } from './kyc.ts';
import { planSeed } from './plan.ts';
import { CUSTOMER_TYPES } from './reference-data.ts';
import { COPY_TABLES, rowsBetween } from './tables.ts';
import { TRANSACTION_COPY_TABLES } from './transactions.ts';

export { DEFAULT_SEED, planSeed } from './plan.ts';

export interface SeedOptions {
  customers: number;
  offers?: number;
  trades?: number;
  walletTransactions?: number;
  /** Same seed and same `now` give the same rows, byte for byte. */
  seed?: number;
  /** Dates are spread over the year before this instant (default: the current time). */
  now?: Date;
  /** Empty the demo tables first (TRUNCATE … RESTART IDENTITY CASCADE). */
  reset?: boolean;
  onProgress?: (table: string, rows: number) => void;
}

export interface SeedTableReport {
  table: string;
  rows: number;
  ms: number;
}

export type SeedReport = SeedTableReport[];

/** Every COPY-filled table, core first, then each area's own (see crm.ts, transactions.ts). */
const ALL_COPY_TABLES = [
  ...COPY_TABLES,
  ...CRM_COPY_TABLES,
  ...KYC_COPY_TABLES,
  ...TRANSACTION_COPY_TABLES,
  ...FRAUD_COPY_TABLES,
];

/** Filled from the copied tables (kyc.ts finishKycSeed). */
const DERIVED_TABLES = ['kyc_document_decisions', 'kyc_cases'];

/** The tables this module fills; access_log and audit_log are append-only and never touched. */
const DEMO_TABLES = ['customer_types', ...ALL_COPY_TABLES.map((t) => t.table), ...DERIVED_TABLES];
/**
 * Triggers set aside while their table is bulk loaded, each with the statement that then does its
 * work for every loaded row at once. None is needed for the inbox (bd_inbox_rebuild ends the seed)
 * nor for fraud check's queue (the seed empties it: the demo history is rescanned instead). A plpgsql
 * call per row took most of the customers' load (2.9 s of 10,000); the queue was written to be deleted.
 */
const SET_ASIDE: Record<string, { trigger: string; catchUp?: string }[]> = {
  customers: [
    {
      trigger: 'screening_customer_keys_insert',
      catchUp: `INSERT INTO screening_customer_keys (key, customer_id)
        SELECT DISTINCT k, c.id FROM customers c, unnest(bd_screen_keys(concat_ws(' ', c.alias_name, c.alias_surname))) k
        ON CONFLICT DO NOTHING`,
    },
    { trigger: 'fraud_customer_enqueue_insert' },
  ],
  wallet_transactions: [
    { trigger: 'wallet_transactions_inbox_insert' },
    { trigger: 'fraud_wallet_enqueue_insert' },
  ],
  p2p_trades: [{ trigger: 'fraud_p2p_enqueue' }],
  customer_login_events: [{ trigger: 'fraud_login_enqueue' }],
};

/** Tables whose rows would clash with, or be orphaned by, a fresh seed. */
const MUST_BE_EMPTY = ALL_COPY_TABLES.map((t) => t.table);

/** True when any customer exists: the database already holds demo (or real) data. */
export async function isDemoDataPresent(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ present: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM customers) AS present',
  );
  return rows[0]?.present === true;
}

async function nonEmptyTables(client: pg.PoolClient): Promise<string[]> {
  const found: string[] = [];
  for (const table of MUST_BE_EMPTY) {
    const { rows } = await client.query<{ present: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${table}) AS present`,
    );
    if (rows[0]?.present) found.push(table);
  }
  return found;
}

/** Tiers may already exist (created by staff or another seed): keep those, add the missing ones. */
async function insertCustomerTypes(client: pg.PoolClient): Promise<number> {
  let inserted = 0;
  for (const t of CUSTOMER_TYPES) {
    const result = await client.query(
      `INSERT INTO customer_types (code, name, description, required_kyc_level, commission_discount, rank)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING`,
      [t.code, t.name, t.description, t.requiredKycLevel, t.commissionDiscount, t.rank],
    );
    inserted += result.rowCount ?? 0;
  }
  return inserted;
}

/** Moves a bigserial past the explicit ids we wrote, so the application's next INSERT works. */
async function advanceSequence(client: pg.PoolClient, table: string, lastId: number): Promise<void> {
  await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2, $3)`, [
    table,
    Math.max(lastId, 1),
    lastId > 0,
  ]);
}

/**
 * Fills the demo tables in one transaction: either everything is loaded or nothing is.
 * Refuses when data is already there, unless `reset` is set.
 */
export async function seedDemoData(pool: pg.Pool, options: SeedOptions): Promise<SeedReport> {
  const plan = planSeed(options);
  // Errors wait for their table: a preparation failing early must not go unhandled meanwhile.
  const prepared = new Map(
    ALL_COPY_TABLES.map((t) => [
      t,
      t.prepare?.(plan).then(
        () => undefined,
        (error: unknown) => ({ error }),
      ),
    ]),
  );
  const report: SeedReport = [];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // A second seeder waits here instead of interleaving its rows with ours.
    await client.query('LOCK TABLE customers IN EXCLUSIVE MODE');
    // Row by row the inbox triggers would slow the bulk load: paused here, rebuilt once at the end.
    await client.query("SET LOCAL backdesk.inbox = 'off'");
    if (options.reset) {
      await client.query(`TRUNCATE ${DEMO_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    } else {
      const busy = await nonEmptyTables(client);
      if (busy.length > 0) {
        throw new Error(
          `Refusing to seed: ${busy.join(', ')} already ${busy.length === 1 ? 'has' : 'have'} rows. ` +
            'Seed an empty database, or pass reset: true (CLI: --reset) to replace the demo data.',
        );
      }
    }
    let started = performance.now();
    const typeRows = await insertCustomerTypes(client);
    options.onProgress?.('customer_types', typeRows);
    report.push({ table: 'customer_types', rows: typeRows, ms: performance.now() - started });

    for (const spec of ALL_COPY_TABLES) {
      const failed = await prepared.get(spec);
      if (failed) throw failed.error;
      started = performance.now();
      const chunks = encodeChunks(rowsBetween(spec.rowAt(plan), 0, spec.size(plan)));
      const setAside = SET_ASIDE[spec.table] ?? [];
      for (const { trigger } of setAside)
        await client.query(`ALTER TABLE ${spec.table} DISABLE TRIGGER ${trigger}`);
      const rows = await withDeferredIndexes(client, spec.table, () =>
        copyInto(client, spec.table, spec.columns, chunks, (n) => options.onProgress?.(spec.table, n)),
      );
      for (const { trigger, catchUp } of setAside) {
        await client.query(`ALTER TABLE ${spec.table} ENABLE TRIGGER ${trigger}`);
        if (catchUp) await client.query(catchUp);
      }
      report.push({ table: spec.table, rows, ms: performance.now() - started });
    }
    await finishKycSeed(client);
    await finishFraudSeed(client, plan);
    await advanceSequence(client, 'customers', plan.customers);
    await advanceSequence(client, 'wallet_transactions', plan.walletTransactions);
    await client.query('SELECT bd_inbox_rebuild()');
    // History is checked by a rescan (seedFraudAlerts), not event by event: the rows the bulk load
    // queued for the evaluator would only repeat it.
    await client.query('DELETE FROM fraud_event_queue');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  // Fresh statistics, so the first list queries get good plans before autovacuum gets round to it.
  await pool.query(`ANALYZE ${DEMO_TABLES.join(', ')}`);
  return report;
}
