// Loads the deterministic demo data set with COPY:
//   npm run seed -- --customers 1000000 [--offers N] [--trades N] [--transactions N] [--seed N] [--reset]
// Uses DATABASE_URL when set, otherwise the embedded PostgreSQL in DATA_DIR (default ./data).
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { loadConfig } from '../src/config/config.ts';
import { createPool } from '../src/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type SeedOptions, type SeedReport, seedDemoData } from '../src/db/seed/index.ts';
import { storeSeedSpecimens } from '../src/db/seed/kyc.ts';
import { createDocumentStore } from '../src/modules/platform/documents/index.ts';

const USAGE = `usage: npm run seed -- --customers N [options]

  --customers N      customers to create (required, at least 1)
  --offers N         P2P offers (default: customers/20, between 20 and 10,000)
  --trades N         P2P trades (default: customers/5, between 50 and 100,000)
  --transactions N   wallet transactions (default: customers×5, at most 5,000,000)
  --seed N           random seed (default 20240601)
  --now ISO-TIME     date the data relative to this instant instead of the current time; with the
                     same seed and sizes, the same instant gives byte-identical data
  --reset            empty the demo tables first (otherwise a database with customers is refused)

Uses DATABASE_URL when set, otherwise the embedded PostgreSQL in DATA_DIR (default ./data).`;

class UsageError extends Error {}

/** Whole numbers, with optional _ or , separators: 1_000_000 and 1,000,000 read as 1000000. */
function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const digits = text.replace(/[_,]/g, '');
  const n = Number(digits);
  if (!/^\d+$/.test(digits) || !Number.isSafeInteger(n))
    throw new UsageError(`--${name} must be a whole number`);
  return n;
}

function parseOptions(): SeedOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        customers: { type: 'string' },
        offers: { type: 'string' },
        trades: { type: 'string' },
        transactions: { type: 'string' },
        seed: { type: 'string' },
        now: { type: 'string' },
        reset: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const customers = wholeNumber('customers', values.customers as string | undefined);
  if (!customers) throw new UsageError('--customers is required and must be at least 1');
  const nowText = values.now as string | undefined;
  const now = nowText === undefined ? undefined : new Date(nowText);
  if (now && Number.isNaN(now.getTime()))
    throw new UsageError('--now must be a date and time, e.g. 2025-06-01T12:00:00Z');
  return {
    customers,
    now,
    offers: wholeNumber('offers', values.offers as string | undefined),
    trades: wholeNumber('trades', values.trades as string | undefined),
    walletTransactions: wholeNumber('transactions', values.transactions as string | undefined),
    seed: wholeNumber('seed', values.seed as string | undefined),
    reset: values.reset === true,
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function printReport(report: SeedReport, totalMs: number): void {
  const width = Math.max(...report.map((r) => r.table.length), 5);
  console.log(
    `${'table'.padEnd(width)}  ${'rows'.padStart(11)}  ${'seconds'.padStart(8)}  ${'rows/s'.padStart(10)}`,
  );
  for (const { table, rows, ms } of report) {
    const rate = ms > 0 ? fmt((rows * 1000) / ms) : '-';
    const seconds = (ms / 1000).toFixed(2);
    console.log(
      `${table.padEnd(width)}  ${fmt(rows).padStart(11)}  ${seconds.padStart(8)}  ${rate.padStart(10)}`,
    );
  }
  const rows = report.reduce((sum, r) => sum + r.rows, 0);
  console.log(
    `${'total'.padEnd(width)}  ${fmt(rows).padStart(11)}  ${(totalMs / 1000).toFixed(2).padStart(8)}  ` +
      `${fmt((rows * 1000) / totalMs).padStart(10)}  (including commit and ANALYZE)`,
  );
}

/** A one-line progress meter on a terminal; silent when output is piped. */
function progressMeter(): (table: string, rows: number) => void {
  if (!process.stderr.isTTY) return () => {};
  let shown = 0;
  return (table, rows) => {
    const now = Date.now();
    if (now - shown < 250) return;
    shown = now;
    process.stderr.write(`\r\x1b[K  ${table}: ${fmt(rows)} rows`);
  };
}

async function main(): Promise<void> {
  let options: SeedOptions;
  try {
    options = parseOptions();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }

  let embedded: EmbeddedDatabase | undefined;
  // The bulk load sets indexes aside: the schema owner's work (docs/decisions/0005-database-roles.md).
  let url = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
    console.log(`Starting the embedded PostgreSQL in ${dataDir}`);
    embedded = await startEmbeddedDatabase(dataDir);
    url = embedded.url;
  }
  let pool: pg.Pool | undefined;
  try {
    pool = createPool(url, 2);
    await runMigrations(pool);
    const after = options.reset ? ', after emptying the demo tables' : '';
    console.log(`Seeding ${fmt(options.customers)} customers${after}…`);
    const started = performance.now();
    const report = await seedDemoData(pool, { ...options, onProgress: progressMeter() });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    printReport(report, performance.now() - started);
    // The seeded KYC documents' files, in the store the server reads (DATA_DIR or STORAGE_DRIVER=s3).
    const store = createDocumentStore(loadConfig().documents);
    console.log(`Stored ${await storeSeedSpecimens(store)} specimen files for the KYC documents`);
    await store.close();
  } catch (err) {
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  } finally {
    await pool?.end();
    await embedded?.stop();
  }
}

await main();
