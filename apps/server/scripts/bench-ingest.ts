// npm run bench:ingest — the exchange's data in through the public API (decision 0025), measured on
// the started server (apps/server/src/server.ts in its own process, NODE_ENV=production, jobs on: its
// fraud evaluator works the queue behind the ingestion) over HTTP with an integration key:
//   npm run bench:ingest [-- --data-dir DIR]
//   INGEST_BENCH_SECONDS=60 (batch phase), INGEST_BENCH_CONCURRENCY=4 (requests in flight),
//   INGEST_BENCH_BATCH=10000 (items a request), INGEST_BENCH_NAIVE_SECONDS=10,
//   INGEST_BENCH_SUSTAIN_SECONDS=60 (ingestion at the evaluator's own rate),
//   INGEST_BENCH_SUSTAIN_RATE (objects/s of that phase; by default 90 % of the rate the evaluator
//   kept while the batches ran),
//   INGEST_BENCH_JOB_NODE=1 (the jobs, the fraud evaluator among them, on a second node of their
//   own instead of the node that answers the API: the layout decision 0011 allows)
// Measured:
//   1. batch ingestion: NDJSON batches of wallet transactions for INGEST_BENCH_SECONDS → objects/s;
//      the evaluator's rate while the batches run (events it took off the queue in that time), its
//      drain rate behind them and the time its backlog takes to drain once the batches stop;
//   2. beside it the naive approach: one request and one transaction per object;
//   3. beside it the limit: the same rows by COPY (the same triggers fire) on the bench's own connection;
//   4. sustained ingestion at the evaluator's rate while ingesting (not the rate it has once the
//      batches stop and it has the CPU to itself): the queue must not grow; each request
//      carries one withdrawal made to raise an alert, timed from its event's time (the exchange's
//      createdAt, stamped as the item is made, just before it is sent) to the evaluator raising it.
// Alongside the batch phase, the measures in bench-ingest-alongside.ts run (the withdrawal check's p99
// under load, decision → webhook latency): each helper of the integration adds its own there.
// Verdicts: batch ≥ 20,000 objects/s; evaluator ≥ 2,500 events/s (decision 0016); queue not growing;
// sustained event → alert p95 < 1 s.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { INTEGRATION_RATE, type IngestResponse } from '@backdesk/contract';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ensureLoginRole, grantAppRole, newRolePassword, urlAs } from '../src/db/app-role.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createChanges } from '../src/modules/platform/audit/changes.ts';
import {
  createIntegrationsRepository,
  createIntegrationsService,
} from '../src/modules/platform/integrations/index.ts';
import { createMembersService } from '../src/modules/settings/members/members.service.ts';
import { ALONGSIDE_BATCH_LOAD } from './bench-ingest-alongside.ts';
import {
  inDataDir,
  machineLine,
  percentiles,
  printTable,
  type StartedServer,
  startServer,
} from './bench-support.ts';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
const SECONDS = Number(process.env.INGEST_BENCH_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.INGEST_BENCH_CONCURRENCY ?? 4);
const BATCH = Number(process.env.INGEST_BENCH_BATCH ?? 10_000);
const NAIVE_SECONDS = Number(process.env.INGEST_BENCH_NAIVE_SECONDS ?? 10);
const SUSTAIN_SECONDS = Number(process.env.INGEST_BENCH_SUSTAIN_SECONDS ?? 60);
const JOB_NODE = process.env.INGEST_BENCH_JOB_NODE === '1';
const SUSTAIN_RATE = process.env.INGEST_BENCH_SUSTAIN_RATE
  ? Number(process.env.INGEST_BENCH_SUSTAIN_RATE)
  : null;
const CUSTOMERS = 20_000;
const TARGET = { objectsPerSecond: 20_000, evaluatorPerSecond: 2_500, eventToAlertP95Ms: 1_000 };
const APP_ROLE = 'backdesk_bench_ingest';
const DRAIN_TIMEOUT_MS = 15 * 60_000;

const log = (msg: string) => console.log(msg);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = (n: number) => Math.round(n).toLocaleString('en');
const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
const RUN = randomUUID().slice(0, 8);

// ── The data the exchange sends ─────────────────────────────────────────────────────────────────────

let seq = 0;
/** One wallet transaction as the exchange sends it: ordinary amounts, a customer of the bench's. */
function transaction(): Record<string, unknown> {
  const n = seq++;
  const deposit = n % 5 < 2;
  return {
    externalId: `bench-${RUN}-${n}`,
    version: 1,
    customerExternalId: `bench_c_${1 + (n % CUSTOMERS)}`,
    type: deposit ? 'deposit' : 'withdrawal',
    asset: 'USDT',
    network: 'TRC20',
    amount: `${10 + (n % 900)}.${String(n % 1_000_000).padStart(6, '0')}`,
    fee: deposit ? '0' : '1',
    toAddress: `T${String(n % 997).padStart(33, '0')}`,
    status: deposit ? 'completed' : 'pending',
    channel: deposit ? 'on_chain' : null,
    createdAt: new Date().toISOString(),
  };
}
const ndjson = (n: number) => Array.from({ length: n }, () => JSON.stringify(transaction())).join('\n');

let markers = 0;
/**
 * A withdrawal the withdrawal-after-deposit rule alerts on (one alert per withdrawal): larger than any
 * deposit `transaction()` makes, by a customer it gives only deposits ((c − 1) mod 5 = 0: its type
 * follows n mod 5, and CUSTOMERS is a multiple of 5), who deposited during the batch phase.
 */
function alertingWithdrawal(): string {
  const customer = 1 + 5 * (markers++ % (CUSTOMERS / 5));
  return JSON.stringify({
    ...transaction(),
    customerExternalId: `bench_c_${customer}`,
    type: 'withdrawal',
    amount: '1000.000000',
    fee: '1',
    status: 'pending',
    channel: null,
  });
}

/** The customers the transactions name, with the exchange's ids (set up without triggers: history). */
async function customers(owner: pg.Pool): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query(
      `INSERT INTO customers (user_name, alias_name, alias_surname, external_id, external_version)
       SELECT 'bench_c_' || g, 'Bench', 'Customer ' || g, 'bench_c_' || g, 1 FROM generate_series(1, $1) g
       ON CONFLICT DO NOTHING`,
      [CUSTOMERS],
    );
    // The rules value amounts at the day's rate (bd_fraud_rate): without one nothing crosses a threshold.
    await client.query(
      `INSERT INTO report_rates (asset, valid_from, rate) VALUES ('USDT', DATE '2020-01-01', 1)
       ON CONFLICT DO NOTHING`,
    );
  } finally {
    await client.query('SET session_replication_role = DEFAULT').catch(() => {});
    client.release();
  }
}

// ── The started server and its key ──────────────────────────────────────────────────────────────────

interface Backdesk {
  server: StartedServer;
  /** The node that runs the jobs when it is not `server` (INGEST_BENCH_JOB_NODE). */
  jobNode: StartedServer | null;
  key: string;
}

async function startBackdesk(owner: pg.Pool, ownerUrl: string): Promise<Backdesk> {
  const db = createDb(owner);
  await createMembersService(db).seedDemoMembers();
  const service = createIntegrationsService({
    db,
    clock: systemClock,
    changes: createChanges(db),
    repo: createIntegrationsRepository(),
  });
  const actor = { memberId: null, requestId: `bench-ingest-${RUN}` };
  const integration = await service.create(
    {
      name: `bench ingest ${RUN}`,
      scopes: ['ingest:wallet', 'ingest:customers'],
      allowed_addresses: null,
      requests_per_minute: INTEGRATION_RATE.maximum,
    },
    actor,
  );
  const { secret } = await service.createKey({ integrationId: integration.id, expiresAt: null }, actor);
  const password = newRolePassword();
  await ensureLoginRole(owner, APP_ROLE, password);
  await grantAppRole(owner, APP_ROLE);
  const node = (jobs: boolean) =>
    startServer({
      port: 0,
      env: {
        DATABASE_URL: urlAs(ownerUrl, APP_ROLE, password),
        MIGRATION_DATABASE_URL: ownerUrl,
        JOBS: String(jobs),
        DEMO: 'false',
        DEMO_ACTIVITY: '0',
      },
    });
  const server = await node(!JOB_NODE);
  const jobNode = JOB_NODE ? await node(true) : null;
  return { server, jobNode, key: secret };
}

async function post(
  b: Backdesk,
  body: string,
  type: string,
): Promise<{ ms: number; answer: IngestResponse; failed?: string }> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${b.server.url}/api/v1/ingest/wallet-transactions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.key}`, 'content-type': type },
      body,
    });
    text = await res.text();
  } catch (err) {
    // A connection refused or reset under load is a figure of the run, not the end of it.
    return { ms: performance.now() - started, answer: emptyAnswer(), failed: String(err) };
  }
  if (res.status === 429) return { ms: performance.now() - started, answer: emptyAnswer() };
  if (!res.ok) throw new Error(`POST ingest: ${res.status} ${text.slice(0, 500)}`);
  const answer = JSON.parse(text) as IngestResponse;
  if (answer.refused > 0)
    throw new Error(`refused: ${JSON.stringify(answer.results.find((r) => r.status === 'refused'))}`);
  return { ms: performance.now() - started, answer };
}
const emptyAnswer = (): IngestResponse => ({
  received: 0,
  applied: 0,
  unchanged: 0,
  stale: 0,
  refused: 0,
  results: [],
});

const queueDepth = async (owner: pg.Pool) =>
  Number((await owner.query<{ n: string }>('SELECT count(*) AS n FROM fraud_event_queue')).rows[0]!.n);

/** The queue's depth and the events ever put on it (its id sequence): their differences give the evaluated. */
async function queueState(owner: pg.Pool) {
  const { rows } = await owner.query<{ depth: string; enqueued: string }>(
    `SELECT (SELECT count(*) FROM fraud_event_queue) AS depth,
            (SELECT last_value FROM fraud_event_queue_id_seq) AS enqueued`,
  );
  return { depth: Number(rows[0]!.depth), enqueued: Number(rows[0]!.enqueued) };
}
/** Events the evaluator took off the queue between two states of it. */
const evaluatedBetween = (a: { depth: number; enqueued: number }, b: typeof a) =>
  b.enqueued - a.enqueued - (b.depth - a.depth);

/**
 * Event → alert of the alerts whose events are at or after `since`: `raised_at` is the evaluator's
 * clock as it took the event's batch, `event_at` the transaction's createdAt (the bench's clock, the
 * same machine's).
 */
async function eventToAlert(owner: pg.Pool, since: Date) {
  const { rows } = await owner.query<{ n: string; p50: number | null; p95: number | null }>(
    `SELECT count(*) AS n,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY ms) AS p95
       FROM (SELECT (extract(epoch FROM raised_at - event_at) * 1000)::float8 AS ms
               FROM fraud_alerts WHERE event_at >= $1) a`,
    [since],
  );
  return { alerts: Number(rows[0]!.n), p50: rows[0]!.p50, p95: rows[0]!.p95 };
}

/** Until the server's evaluator has emptied the queue; when it did. */
async function drained(owner: pg.Pool): Promise<number> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const { rows } = await owner.query<{ empty: boolean }>(
      'SELECT NOT EXISTS (SELECT 1 FROM fraud_event_queue) AS empty',
    );
    if (rows[0]!.empty) return performance.now();
    if (Date.now() > deadline) throw new Error('the evaluator did not drain its queue');
    await sleep(20);
  }
}

// ── The phases ──────────────────────────────────────────────────────────────────────────────────────

/** `workers` clients sending `body()` for `seconds`; objects applied and each request's time. */
async function load(b: Backdesk, seconds: number, workers: number, body: () => string, type: string) {
  const deadline = performance.now() + seconds * 1000;
  const times: number[] = [];
  let applied = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const answer = await post(b, body(), type);
        if (answer.failed) {
          if (failed++ === 0) console.log(`  a batch failed to connect: ${answer.failed}`);
          continue;
        }
        times.push(answer.ms);
        applied += answer.answer.applied;
      }
    }),
  );
  if (failed > 0) console.log(`  ${failed} batches failed to connect`);
  return { applied, seconds: (performance.now() - started) / 1000, times };
}

/** The limit: rows of the same shape by COPY, 10,000 to a statement as a batch is (the triggers fire). */
async function copyLimit(owner: pg.Pool, rows: number): Promise<number> {
  const { rows: ids } = await owner.query<{ id: string; ext: string }>(
    "SELECT id, external_id AS ext FROM customers WHERE external_id LIKE 'bench\\_c\\_%'",
  );
  const idOf = new Map(ids.map((r) => [r.ext, r.id]));
  const client = await owner.connect();
  const started = performance.now();
  try {
    for (let done = 0; done < rows; done += BATCH) {
      const n = Math.min(BATCH, rows - done);
      const lines: string[] = [];
      const now = new Date().toISOString();
      for (let i = 0; i < n; i++) {
        const t = transaction() as Record<string, string | null>;
        lines.push(
          [
            t.externalId,
            1,
            idOf.get(t.customerExternalId!),
            t.type,
            t.asset,
            t.network,
            t.amount,
            t.fee,
            t.toAddress,
            t.status,
            t.channel ?? '\\N',
            t.createdAt,
            t.createdAt,
            now,
          ].join('\t'),
        );
      }
      await pipeline(
        Readable.from([`${lines.join('\n')}\n`]),
        client.query(
          copyFrom(`COPY wallet_transactions (external_id, external_version, customer_id, type, asset, network,
            amount, fee, to_address, status, channel, created_at, updated_at, received_at) FROM STDIN`),
        ),
      );
    }
  } finally {
    client.release();
  }
  return rows / ((performance.now() - started) / 1000);
}

/** Ingestion at `rate` objects/s for `seconds`, in batches four times a second: the queue's depth over time. */
async function sustained(b: Backdesk, owner: pg.Pool, rate: number, seconds: number) {
  const perTick = Math.max(1, Math.round(rate / 4));
  const depths: number[] = [];
  const end = performance.now() + seconds * 1000;
  let next = performance.now();
  while (performance.now() < end) {
    await post(b, `${ndjson(perTick)}\n${alertingWithdrawal()}`, 'application/x-ndjson');
    depths.push(await queueDepth(owner));
    next += 250;
    await sleep(Math.max(0, next - performance.now()));
  }
  return depths;
}

async function main() {
  log(machineLine());
  await inDataDir(values['data-dir'], 'backdesk-bench-ingest-', async (dir) => {
    const embedded = await startEmbeddedDatabase(dir);
    const owner = createPool(embedded.url, 4);
    let b: Backdesk | undefined;
    try {
      await runMigrations(owner);
      await customers(owner);
      b = await startBackdesk(owner, embedded.url);
      await post(b, ndjson(100), 'application/x-ndjson'); // warm-up
      await drained(owner);

      log(
        `Batch ingestion: ${CONCURRENCY} clients × NDJSON batches of ${count(BATCH)}, ${SECONDS} s${JOB_NODE ? ' (jobs on a node of their own)' : ''}…`,
      );
      const before = await queueState(owner);
      const batchStart = performance.now();
      const alongside = ALONGSIDE_BATCH_LOAD.map((measure) =>
        measure({ server: b!.server, owner, ownerUrl: embedded.url, seconds: SECONDS }),
      );
      const batch = await load(b, SECONDS, CONCURRENCY, () => ndjson(BATCH), 'application/x-ndjson');
      const batchEnd = performance.now();
      const after = await queueState(owner);
      const backlog = after.depth;
      // What the evaluator keeps up with while ingestion shares the machine: the sustained phase's rate.
      const evaluatorDuring = evaluatedBetween(before, after) / ((batchEnd - batchStart) / 1000);
      const loadDuring = os.loadavg()[0]!;
      const drainedAt = await drained(owner);
      const evaluatorRate = batch.applied / ((drainedAt - batchStart) / 1000);
      const batchRate = batch.applied / batch.seconds;
      const alongsideRows = (await Promise.all(alongside)).flat();

      log(`Naive: one request and one transaction per object, ${CONCURRENCY} clients, ${NAIVE_SECONDS} s…`);
      const naive = await load(
        b,
        NAIVE_SECONDS,
        CONCURRENCY,
        () => JSON.stringify(transaction()),
        'application/json',
      );
      await drained(owner);

      const copyRows = Math.min(batch.applied, 500_000);
      log(`Limit: ${count(copyRows)} rows by COPY, ${count(BATCH)} a statement…`);
      const copyRate = await copyLimit(owner, copyRows);
      await drained(owner);

      const sustainRate = SUSTAIN_RATE ?? evaluatorDuring * 0.9;
      log(
        `Sustained: ${count(sustainRate)} objects/s (${SUSTAIN_RATE ? 'INGEST_BENCH_SUSTAIN_RATE' : '90 % of the evaluator’s rate while the batches ran'}) for ${SUSTAIN_SECONDS} s…`,
      );
      const sustainStart = new Date();
      const sustainFrom = await queueState(owner);
      const sustainT0 = performance.now();
      const depths = await sustained(b, owner, sustainRate, SUSTAIN_SECONDS);
      const sustainEvaluated =
        evaluatedBetween(sustainFrom, await queueState(owner)) / ((performance.now() - sustainT0) / 1000);
      const loadSustained = os.loadavg()[0]!;
      await drained(owner);
      const alerted = await eventToAlert(owner, sustainStart);
      const half = Math.floor(depths.length / 2);
      const avg = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
      const growing = avg(depths.slice(half)) > avg(depths.slice(0, half)) * 1.5 + 1_000;

      const p = percentiles(batch.times);
      log('');
      printTable(
        ['measure', 'figure', 'target', 'verdict'],
        [
          [
            'batch ingestion (objects/s over HTTP)',
            count(batchRate),
            `≥ ${count(TARGET.objectsPerSecond)}`,
            verdict(batchRate >= TARGET.objectsPerSecond),
          ],
          [
            '  batch request p50 / p95 / p99 (ms)',
            `${p.p50.toFixed(0)} / ${p.p95.toFixed(0)} / ${p.p99.toFixed(0)}`,
            '',
            '',
          ],
          ['naive: one request per object (objects/s)', count(naive.applied / naive.seconds), 'beside', ''],
          ['limit: COPY, same rows and triggers (rows/s)', count(copyRate), 'beside', ''],
          // On a loaded machine the absolute figure says little; its share of COPY's does.
          [
            '  batch ingestion as a share of the limit',
            `${((batchRate / copyRate) * 100).toFixed(0)} %`,
            '',
            '',
          ],
          [
            `fraud evaluator while the batches ran (events/s; load average ${loadDuring.toFixed(1)})`,
            count(evaluatorDuring),
            'beside',
            '',
          ],
          [
            'fraud evaluator behind it, batches and drain (events/s)',
            count(evaluatorRate),
            `≥ ${count(TARGET.evaluatorPerSecond)}`,
            verdict(evaluatorRate >= TARGET.evaluatorPerSecond),
          ],
          ['  backlog when the batches stopped (events)', count(backlog), '', ''],
          ['  time the backlog took to drain (s)', ((drainedAt - batchEnd) / 1000).toFixed(1), '', ''],
          [
            `sustained at ${count(sustainRate)} objects/s: the evaluator's rate there (events/s; load average ${loadSustained.toFixed(1)})`,
            count(sustainEvaluated),
            '',
            '',
          ],
          [
            'sustained at the evaluator rate: queue depth max',
            count(Math.max(0, ...depths)),
            'not growing',
            verdict(!growing),
          ],
          [
            `  event → alert p50 / p95 (ms, ${count(alerted.alerts)} alerts)`,
            alerted.p95 === null
              ? 'no alert raised'
              : `${alerted.p50!.toFixed(0)} / ${alerted.p95.toFixed(0)}`,
            `p95 < ${count(TARGET.eventToAlertP95Ms)}`,
            verdict(alerted.p95 !== null && alerted.p95 < TARGET.eventToAlertP95Ms),
          ],
          ...alongsideRows,
        ],
      );
    } finally {
      await b?.server.stop();
      await b?.jobNode?.stop();
      await owner.end();
      await embedded.stop();
    }
  });
}

await main();
