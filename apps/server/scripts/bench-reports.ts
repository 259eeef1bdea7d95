// npm run bench:reports — the reports and the dashboard at scale (decision 0014), over HTTP against the
// started server:
//   npm run bench:reports [-- --data-dir DIR] [--wallet 10000000] [--trades 1000000] [--customers 200000]
//                         [--port 0] [--runs 30] [--raw-runs 3]
// 1. Seeds an embedded PostgreSQL (a temporary folder, or --data-dir kept and seeded once): the demo
//    seed for customers and offers, then the wallet transactions and P2P trades in set-based
//    INSERT … SELECT statements of a million rows (their rollups are kept by the same triggers as in
//    service). Rows spread over the two years before now.
// 2. Measures the triggers' write cost, inside a transaction rolled back: single-row inserts and status
//    updates and a 100,000-row insert, with the statement-level triggers, with an equivalent row-level
//    trigger instead, and with none (docs/decisions/0014-report-rollups.md).
// 3. Times each report over the raw rows (the same report, `raw` mode, straight on the database).
// 4. Starts the real server, signs in, and times every report over 30 and 365 days and the dashboard
//    over HTTP: p95 against the targets (30 days ≤ 250 ms, 365 days ≤ 500 ms, dashboard ≤ 300 ms), and
//    the speed-up against the raw rows (the aim: ≥ 20×).
import { parseArgs } from 'node:util';
import { REPORT_NAMES, type ReportName } from '@backdesk/contract';
import type pg from 'pg';
import { createDb, createPool } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createChanges } from '../src/modules/platform/audit/changes.ts';
import { createRatesRepository } from '../src/modules/reports/rates.repository.ts';
import { createReportsService } from '../src/modules/reports/reports.service.ts';
import {
  fmtMs,
  inDataDir,
  machineLine,
  percentiles,
  printTable,
  roundRobin,
  seedDataDir,
  signIn,
  startListServer,
  timedGet,
} from './bench-support.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    runs: { type: 'string', default: '30' },
    'raw-runs': { type: 'string', default: '3' },
    wallet: { type: 'string', default: '10000000' },
    trades: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '200000' },
  },
});
const RUNS = Number(values.runs);
let failed = false;
const RAW_RUNS = Number(values['raw-runs']);
const TARGET = { 30: 250, 365: 500, dashboard: 300 } as const;
const AIM_SPEEDUP = 20;
const CHUNK = 1_000_000;
const PATHS: Record<ReportName, string> = {
  compliance: '/api/panel/report-compliance',
  csc: '/api/panel/report-deposit-csc',
  customers: '/api/panel/report-customers',
  financial: '/api/panel/report-financial',
  'fraud-security': '/api/panel/report-fraud-security',
  'travel-rule': '/api/panel/report-travel-rule',
  p2p: '/api/panel/report-p2p',
  transactions: '/api/panel/report-transactions',
};
/** Reports that read small raw tables (restrictions, access log, failed sign-ins) have no rollup. */
const RAW_ONLY = new Set<ReportName>(['fraud-security']);

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const queryFor = (days: number) => ({
  from: daysBefore(days - 1),
  to: today(),
  tz: 'Europe/Istanbul',
  groupBy: 'day',
});

// One row per iteration of generate_series; the rail (asset and network) drawn once per row.
const WALLET_ROWS = (n: number, customers: number) => `
  INSERT INTO wallet_transactions
    (customer_id, type, asset, network, amount, fee, status, created_at, updated_at, channel, source_check, hold_state)
  SELECT customer_id, type, asset, network, amount, fee, status, created_at, created_at,
         CASE WHEN type = 'deposit' THEN CASE WHEN network = 'BANK' THEN 'bank_transfer' ELSE 'on_chain' END END,
         CASE WHEN type = 'deposit' THEN CASE WHEN p < 90 THEN 'passed' WHEN p < 97 THEN 'review' ELSE 'failed' END END,
         CASE WHEN type = 'deposit' THEN CASE WHEN p < 90 THEN 'none' WHEN p < 95 THEN 'released' ELSE 'held' END END
    FROM (
      SELECT 1 + floor(random() * ${customers})::bigint AS customer_id,
             (ARRAY['deposit','deposit','deposit','withdrawal','withdrawal','transfer','fee'])[1 + floor(random() * 7)::int] AS type,
             (ARRAY['USDT','USDT','USDC','BTC','ETH','TRY'])[k] AS asset,
             (ARRAY['TRC20','ERC20','ERC20','BITCOIN','ETHEREUM','BANK'])[k] AS network,
             round((random() * (ARRAY[5000,5000,5000,0.5,8,100000])[k])::numeric, 8) AS amount,
             round((random() * 2)::numeric, 6) AS fee,
             (ARRAY['completed','completed','completed','completed','completed','completed','pending','failed','rejected','under_review'])[1 + floor(random() * 10)::int] AS status,
             now() - random() * interval '730 days' AS created_at,
             floor(random() * 100)::int AS p
        FROM (SELECT 1 + floor(random() * 6)::int AS k FROM generate_series(1, ${n})) g
    ) r`;
const TRADE_ROWS = (n: number) => `
  INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, created_at, closed_at)
  SELECT guid, buyer, amount, status, created_at,
         CASE WHEN status IN ('completed', 'cancelled') THEN created_at + random() * interval '3 hours' END
    FROM (
      SELECT o.guids[1 + floor(random() * array_length(o.guids, 1))::int] AS guid,
             'bench-buyer' AS buyer, round((random() * 2000)::numeric, 6) AS amount,
             (ARRAY['completed','completed','completed','cancelled','disputed','pending'])[1 + floor(random() * 6)::int] AS status,
             now() - random() * interval '730 days' AS created_at
        FROM generate_series(1, ${n}), (SELECT array_agg(trade_market_guid) AS guids FROM p2p_offers) o
    ) r`;

async function timed(label: string, work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  console.log(`  ${label}: ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

async function bulkLoad(pool: pg.Pool, wallet: number, trades: number, customers: number) {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM wallet_transactions');
  if (Number(rows[0]!.n) >= wallet) return console.log(`Reusing ${rows[0]!.n} wallet transactions`);
  console.log(
    `Loading ${wallet.toLocaleString('en-US')} wallet transactions and ${trades.toLocaleString('en-US')} P2P trades (set-based, triggers on)…`,
  );
  for (let done = 0; done < wallet; done += CHUNK)
    await timed(`wallet rows ${done + 1}–${Math.min(wallet, done + CHUNK)}`, () =>
      pool.query(WALLET_ROWS(Math.min(CHUNK, wallet - done), customers)),
    );
  for (let done = 0; done < trades; done += CHUNK)
    await timed(`P2P trades ${done + 1}–${Math.min(trades, done + CHUNK)}`, () =>
      pool.query(TRADE_ROWS(Math.min(CHUNK, trades - done))),
    );
  await timed('VACUUM ANALYZE', () => pool.query('VACUUM (ANALYZE)'));
}

// An equivalent row-level trigger, created only inside the rolled-back measurement.
const ROW_LEVEL = `
  CREATE FUNCTION bench_rpt_wallet_row() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE rpt_wallet_hourly SET n = n - 1, amount = amount - OLD.amount, fee = fee - OLD.fee
       WHERE hour = date_bin('1 hour', OLD.created_at, timestamptz '2000-01-01 00:00+00') AND type = OLD.type
         AND status = OLD.status AND asset = OLD.asset AND network = OLD.network AND channel = coalesce(OLD.channel, '')
         AND source_check = coalesce(OLD.source_check, '') AND hold_state = coalesce(OLD.hold_state, '');
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO rpt_wallet_hourly AS r VALUES (date_bin('1 hour', NEW.created_at, timestamptz '2000-01-01 00:00+00'),
        NEW.type, NEW.status, NEW.asset, NEW.network, coalesce(NEW.channel, ''), coalesce(NEW.source_check, ''),
        coalesce(NEW.hold_state, ''), 1, NEW.amount, NEW.fee)
      ON CONFLICT (hour, type, status, asset, network, channel, source_check, hold_state)
      DO UPDATE SET n = r.n + 1, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER bench_rpt_wallet_row AFTER INSERT OR UPDATE OR DELETE ON wallet_transactions
    FOR EACH ROW EXECUTE FUNCTION bench_rpt_wallet_row();`;
const STATEMENT_TRIGGERS = [
  'rpt_wallet_insert',
  'rpt_wallet_update',
  'rpt_wallet_delete',
  'rpt_last_activity_insert',
];

async function writeCost(pool: pg.Pool) {
  const client = await pool.connect();
  const results: (string | number)[][] = [];
  try {
    await client.query('BEGIN');
    await client.query(ROW_LEVEL);
    // As in service first (hourly, the kept zones' days, last activity); then hourly alone, both ways.
    const modes = [
      ['statement-level, as in service', [], ['bench_rpt_wallet_row'], false],
      ['statement-level, hourly only', [], ['bench_rpt_wallet_row', 'rpt_last_activity_insert'], true],
      ['row-level, hourly only', ['bench_rpt_wallet_row'], STATEMENT_TRIGGERS, true],
      ['no rollup trigger', [], [...STATEMENT_TRIGGERS, 'bench_rpt_wallet_row'], true],
    ] as const;
    for (const [mode, enable, disable, hourlyOnly] of modes) {
      if (hourlyOnly) await client.query('DELETE FROM rpt_zones');
      for (const t of enable) await client.query(`ALTER TABLE wallet_transactions ENABLE TRIGGER ${t}`);
      for (const t of disable) await client.query(`ALTER TABLE wallet_transactions DISABLE TRIGGER ${t}`);
      const singles = 1_000;
      let started = performance.now();
      for (let i = 0; i < singles; i++) await client.query(WALLET_ROWS(1, 1000));
      const insertMs = (performance.now() - started) / singles;
      started = performance.now();
      for (let i = 0; i < singles; i++)
        await client.query(
          `UPDATE wallet_transactions SET status = 'completed' WHERE id = (SELECT max(id) - ${i} FROM wallet_transactions)`,
        );
      const updateMs = (performance.now() - started) / singles;
      started = performance.now();
      await client.query(WALLET_ROWS(100_000, 1000));
      const batchMs = performance.now() - started;
      results.push([mode, insertMs.toFixed(3), updateMs.toFixed(3), fmtMs(batchMs)]);
      for (const t of disable) await client.query(`ALTER TABLE wallet_transactions ENABLE TRIGGER ${t}`);
      for (const t of enable) await client.query(`ALTER TABLE wallet_transactions DISABLE TRIGGER ${t}`);
    }
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
  console.log('\nWrite cost of keeping the rollup (wallet transactions; rolled back afterwards):\n');
  printTable(['trigger', 'single insert, ms', 'single status update, ms', '100,000-row insert, ms'], results);
}

async function rawTimes(pool: pg.Pool): Promise<Map<string, number>> {
  const db = createDb(pool);
  const service = createReportsService({
    db,
    clock: systemClock,
    rates: createRatesRepository(),
    changes: createChanges(db),
  });
  const times = new Map<string, number>();
  console.log(`\nThe same reports over the raw rows (${RAW_RUNS} runs each, on the database directly)…`);
  for (const days of [30, 365] as const)
    for (const name of REPORT_NAMES) {
      const samples: number[] = [];
      for (let run = 0; run < RAW_RUNS; run++) {
        const started = performance.now();
        await service.report(name, queryFor(days), 'raw');
        samples.push(performance.now() - started);
      }
      times.set(`${name}|${days}`, percentiles(samples).p50);
    }
  return times;
}

async function main() {
  await inDataDir(values['data-dir'], 'backdesk-bench-reports-', async (dir) => {
    await seedDataDir(dir, {
      customers: Number(values.customers),
      offers: 2_000,
      trades: 1_000,
      walletTransactions: 1_000,
    });
    const database = await startEmbeddedDatabase(dir);
    const pool = createPool(database.url, 4);
    let raw: Map<string, number>;
    try {
      await bulkLoad(pool, Number(values.wallet), Number(values.trades), Number(values.customers));
      // As evaluated: in service the fraud engine takes each event as it arrives. The bulk load's
      // millions of queued events are a backlog service never has, and would run beside the timings.
      await pool.query('DELETE FROM fraud_event_queue');
      const counts = await pool.query<{ w: string; t: string; r: string }>(
        'SELECT (SELECT count(*) FROM wallet_transactions) AS w, (SELECT count(*) FROM p2p_trades) AS t, (SELECT count(*) FROM rpt_wallet_hourly) AS r',
      );
      const c = counts.rows[0]!;
      console.log(
        `Data: ${Number(c.w).toLocaleString('en-US')} wallet transactions (rollup rows: ${Number(c.r).toLocaleString('en-US')}), ${Number(c.t).toLocaleString('en-US')} P2P trades`,
      );
      await writeCost(pool);
      raw = await rawTimes(pool);
    } finally {
      await pool.end();
      await database.stop();
    }

    const server = await startListServer(dir, Number(values.port));
    try {
      const cookie = await signIn(server.url, 'admin');
      const cases = [
        ...([30, 365] as const).flatMap((days) =>
          REPORT_NAMES.map((name) => ({
            label: `${name}, ${days} days`,
            name,
            days,
            url: `${server.url}${PATHS[name]}?${new URLSearchParams(queryFor(days))}`,
          })),
        ),
        { label: 'dashboard', name: null, days: null, url: `${server.url}/api/dashboard/kpis` },
      ];
      const before = machineLine();
      const times = cases.map(() => [] as number[]);
      await roundRobin(
        cases.length,
        { warmup: 2, runs: RUNS },
        async (i) => (await timedGet(cases[i]!.url, cookie)).ms,
        (i, ms) => times[i]!.push(ms),
      );
      console.log(`Machine: ${before} before the measurements, ${machineLine()} after`);
      console.log(
        `\nOver HTTP (${RUNS} runs a case after 2 rounds of warm-up; ms). Raw: the same report over the raw rows, p50.\n`,
      );
      let missed = 0;
      printTable(
        ['case', 'p50', 'p95', 'target p95', 'raw p50', 'speed-up', 'verdict'],
        cases.map((c, i) => {
          const p = percentiles(times[i]!);
          const target = c.days === null ? TARGET.dashboard : TARGET[c.days];
          const rawMs = c.name ? raw.get(`${c.name}|${c.days}`) : undefined;
          const speedup = rawMs === undefined ? undefined : rawMs / p.p50;
          const met = p.p95 <= target;
          if (!met) missed++;
          const note =
            c.name && RAW_ONLY.has(c.name)
              ? 'no rollup (small tables)'
              : speedup === undefined
                ? ''
                : `${speedup.toFixed(1)}×`;
          return [
            c.label,
            fmtMs(p.p50),
            fmtMs(p.p95),
            String(target),
            rawMs === undefined ? '—' : fmtMs(rawMs),
            note,
            `${met ? 'met' : 'NOT MET'}${speedup !== undefined && !RAW_ONLY.has(c.name!) && speedup < AIM_SPEEDUP ? `, below the ${AIM_SPEEDUP}× aim` : ''}`,
          ];
        }),
      );
      console.log(
        `Verdict: ${missed === 0 ? 'every case met its p95 target' : `${missed} case(s) NOT MET`}.`,
      );
      failed = missed > 0;
    } finally {
      await server.stop();
    }
  });
}

await main();
// Said explicitly: the embedded database's shutdown hooks must not decide the exit status.
process.exit(failed ? 1 : 0);
