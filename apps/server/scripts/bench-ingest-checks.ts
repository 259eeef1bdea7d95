// The withdrawal check beside bench:ingest's batch phase (bench-ingest-alongside.ts): p99 at 200
// checks/s over HTTP on the same started server while the batches run, with a key of its own (scope
// checks:withdrawal) and the bench's customers; the same open-loop client as `npm run bench:checks`.
// Beside it, interleaved slice by slice on the same database under the same batches, the limit of
// scripts/bench-checks-limit.mjs (bare Fastify + pg, one statement a check): what the machine itself
// allows a check while it ingests.
import { randomUUID } from 'node:crypto';
import { INTEGRATION_RATE } from '@backdesk/contract';
import type pg from 'pg';
// @ts-expect-error a plain script: scripts/bench-checks.mjs carries no types.
import { benchInterleaved, CHECKS_P99_BUDGET_MS, startLimit } from '../../../scripts/bench-checks.mjs';
import { createDb } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createChanges } from '../src/modules/platform/audit/changes.ts';
import {
  createIntegrationsRepository,
  createIntegrationsService,
} from '../src/modules/platform/integrations/index.ts';
import { CHECKS_APPLICATION_NAME } from '../src/modules/transactions/checks/checks.module.ts';
import { COUNTER_APPLICATION_NAME } from '../src/plugins/rate-limit.ts';
import type { AlongsideMeasure } from './bench-ingest-alongside.ts';

const RATE = Number(process.env.CHECKS_BENCH_RATE ?? 200);

type Figures = {
  ok: number;
  sent: number;
  p50: number;
  p95: number;
  p99: number;
  pass: boolean;
  statuses: Record<string, number>;
  decisions: Record<string, number>;
};

export const checksAlongside: AlongsideMeasure = async ({ server, owner, ownerUrl, seconds }) => {
  const { url } = server;
  const db = createDb(owner);
  const service = createIntegrationsService({
    db,
    clock: systemClock,
    changes: createChanges(db),
    repo: createIntegrationsRepository(),
  });
  const actor = { memberId: null, requestId: `bench-ingest-checks-${randomUUID()}` };
  const integration = await service.create(
    {
      name: `bench checks ${randomUUID().slice(0, 8)}`,
      scopes: ['checks:withdrawal'],
      allowed_addresses: null,
      requests_per_minute: INTEGRATION_RATE.maximum,
    },
    actor,
  );
  const { secret } = await service.createKey({ integrationId: integration.id, expiresAt: null }, actor);
  const { rows } = await owner.query<{ ref: string }>(
    `SELECT external_id AS ref FROM customers WHERE external_id LIKE 'bench_c_%' ORDER BY id LIMIT 1000`,
  );
  const limit = await startLimit(ownerUrl);
  const activity = sampleActivity(owner);
  await server.eventLoop(); // starts the node's count for the phase
  let figures: Figures[];
  try {
    // Each target gets half the batch phase, in alternating one-second slices.
    figures = await benchInterleaved({
      targets: [
        { name: 'Backdesk', url },
        { name: 'the limit', url: `${limit.url}/limit` },
      ],
      key: secret,
      customers: rows.map((r) => r.ref),
      rate: RATE,
      seconds: Math.max(1, Math.floor(seconds / 2)),
    });
  } finally {
    limit.stop();
    await activity.stop();
  }
  const loop = await server.eventLoop();
  const [f, l] = figures as [Figures, Figures];
  const inside = await serverSide(owner, integration.id, Math.round(RATE));
  const shown = (x: Figures) =>
    `p50 ${x.p50} · p95 ${x.p95}; ${x.ok}/${x.sent} answered 200; statuses ${JSON.stringify(x.statuses)}; decisions ${JSON.stringify(x.decisions)}`;
  return [
    [
      `withdrawal check at ${RATE}/s during the batches: p99 (${shown(f)})`,
      `${f.p99} ms`,
      `< ${CHECKS_P99_BUDGET_MS} ms`,
      f.pass ? 'pass' : 'FAIL',
    ],
    [`  the limit, interleaved with it: p99 (${shown(l)})`, `${l.p99} ms`, 'beside', ''],
    [
      `  held withdrawals waiting on a lock (pg_stat_activity every 100 ms; ${activity.samples} samples)`,
      `${activity.holdsWaiting} seen, longest ${activity.longestHoldWaitMs.toFixed(0)} ms`,
      'beside',
      '',
    ],
    ...SAMPLED.flatMap((name) => [
      [`  ${name} connections, share of samples`, sharesOf(activity.states.get(name)!), 'beside', ''],
      [`    its lock waits, held by`, sharesOf(activity.blockers.get(name)!), 'beside', ''],
    ]),
    [
      `  the API node's event loop over the phase: delay p50 / p99 / max, busy`,
      `${loop.delayMs.p50} / ${loop.delayMs.p99} / ${loop.delayMs.max} ms, ${Math.round(loop.utilisation * 100)} %`,
      'beside',
      '',
    ],
    [`  Backdesk's p99 over the limit's`, `${(f.p99 / Math.max(l.p99, 0.1)).toFixed(1)}×`, 'beside', ''],
    [
      `  inside Backdesk (call log: request read → answer; ${inside.calls}): p50 / p95 / p99`,
      inside.request,
      'beside',
      '',
    ],
    [
      `  of which the check's work (realtime_checks.duration_ms, ${inside.recorded} recorded): p50 / p95 / p99`,
      inside.work,
      'beside',
      '',
    ],
  ];
};

/**
 * Where a check's time went, from Backdesk's own records of the run: the call log's duration (from
 * Fastify reading the request to the answer sent) and the recorded check's (its reads and decision).
 * What the client saw beyond the first waited before the node read the request at all.
 */
async function serverSide(owner: pg.Pool, integrationId: number, perSlice: number) {
  await sleep(1000); // the call log is written after the answers, at most 200 ms later (call-log.ts)
  const ms = (r: { p50: number | null; p95: number | null; p99: number | null }) =>
    r.p50 === null ? 'none' : `${r.p50.toFixed(0)} / ${r.p95!.toFixed(0)} / ${r.p99!.toFixed(0)} ms`;
  const pct = (column: string) =>
    ['0.5', '0.95', '0.99']
      .map(
        (q, i) =>
          `percentile_disc(${q}) WITHIN GROUP (ORDER BY ${column}::float8) AS ${['p50', 'p95', 'p99'][i]}`,
      )
      .join(', ');
  const calls = await owner.query<{ status: number; n: string }>(
    `SELECT status, count(*) AS n FROM integration_calls WHERE ${BACKDESK_CALLS} GROUP BY status ORDER BY status`,
    [integrationId],
  );
  const request = await owner.query(
    `SELECT ${pct('duration_ms')} FROM integration_calls WHERE ${BACKDESK_CALLS}`,
    [integrationId],
  );
  const work = await owner.query(
    `SELECT count(*) AS n, ${pct('duration_ms')} FROM realtime_checks
      WHERE integration_id = $1 AND (split_part(external_ref, '-', 3)::int / $2) % 2 = 0`,
    [integrationId, perSlice],
  );
  return {
    calls: calls.rows.map((r) => `${r.n} × ${r.status}`).join(', ') || 'none logged',
    request: ms(request.rows[0]),
    recorded: Number(work.rows[0].n),
    work: ms(work.rows[0]),
  };
}
/** The connections sampled: the checks' pool, the request counter's, and the limit's (bench-checks-limit.mjs). */
const SAMPLED = [CHECKS_APPLICATION_NAME, COUNTER_APPLICATION_NAME, 'bench-limit'] as const;

/**
 * Samples, every 100 ms, what each connection of `SAMPLED` is doing in `pg_stat_activity`: running
 * (active, no wait event: on a core or waiting for one), waiting on an event (`Lock:transactionid`,
 * `LWLock:WALWrite`, `IO:DataFileRead`…), or idle (no statement: the pool has nothing for it, or the
 * node has not yet sent the next one). Beside it, the held-withdrawal statements
 * (insertReviewedWithdrawal, the only insert of that text) seen waiting on a lock, and the longest.
 */
function sampleActivity(owner: pg.Pool) {
  const seen = {
    samples: 0,
    states: new Map<string, Map<string, number>>(SAMPLED.map((name) => [name, new Map()])),
    /** For a connection seen waiting on a lock: who holds it (application name, what it is doing). */
    blockers: new Map<string, Map<string, number>>(SAMPLED.map((name) => [name, new Map()])),
    holdsWaiting: 0,
    longestHoldWaitMs: 0,
  };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await owner.query<{
        app: string;
        state: string;
        hold: boolean;
        ms: number;
        blockers: string[] | null;
      }>(
        `SELECT application_name AS app,
                CASE WHEN state <> 'active' THEN coalesce(state, 'idle')
                     WHEN wait_event IS NULL THEN 'running'
                     -- An object's lock is named by its catalog (pg_database: NOTIFY's lock at commit),
                     -- an advisory lock by its keys (7272,2: the audit chain; 7243045: the outbox).
                     WHEN wait_event IN ('object', 'advisory') THEN 'Lock:' || wait_event || ' ' || coalesce((
                       SELECT CASE WHEN l.locktype = 'object' THEN l.classid::regclass::text
                                   WHEN l.objsubid = 2 THEN l.classid || ',' || l.objid
                                   ELSE ((l.classid::bigint << 32) | l.objid::bigint)::text END
                       FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted LIMIT 1), '?')
                     ELSE wait_event_type || ':' || wait_event END AS state,
                wait_event_type = 'Lock' AND query LIKE '%INSERT INTO wallet_transactions AS t%' AS hold,
                extract(epoch FROM now() - query_start) * 1000 AS ms,
                CASE WHEN wait_event_type = 'Lock' THEN
                  (SELECT array_agg(coalesce(nullif(b.application_name, ''), 'other') || ' ' ||
                                    CASE WHEN ltrim(b.query) ILIKE 'commit%' THEN 'committing' ELSE coalesce(b.state, '?') END)
                     FROM pg_stat_activity b WHERE b.pid = ANY (pg_blocking_pids(a.pid))) END AS blockers
           FROM pg_stat_activity a WHERE application_name = ANY ($1) OR query LIKE '%INSERT INTO wallet_transactions AS t%'`,
        [SAMPLED],
      );
      seen.samples++;
      for (const r of rows) {
        if (r.hold) {
          seen.holdsWaiting++;
          seen.longestHoldWaitMs = Math.max(seen.longestHoldWaitMs, Number(r.ms));
        }
        const states = seen.states.get(r.app);
        states?.set(r.state, (states.get(r.state) ?? 0) + 1);
        const blockers = seen.blockers.get(r.app);
        for (const b of r.blockers ?? []) blockers?.set(b, (blockers.get(b) ?? 0) + 1);
      }
      await sleep(100);
    }
  })();
  return Object.assign(seen, {
    stop: () => {
      running = false;
      return loop;
    },
  });
}

/** One pool's samples as shares: "running 41 %, idle 38 %, LWLock:WALWrite 12 %, …" (the five largest). */
function sharesOf(states: Map<string, number>): string {
  const total = [...states.values()].reduce((a, b) => a + b, 0);
  if (!total) return 'no connection seen';
  return [...states]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([state, n]) => `${state} ${Math.round((n / total) * 100)} %`)
    .join(', ');
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The limit logs its calls and records its checks under the same key: its call-log rows carry the
// request id 'limit'; its checks are those of the other slices (benchInterleaved: slot = ⌊i / rate⌋ mod 2).
const BACKDESK_CALLS = "integration_id = $1 AND request_id <> 'limit'";
