#!/usr/bin/env node
// Withdrawal checks at a fixed rate over HTTP against a started server (decision 0025, "Speed"):
// p50/p95/p99 of POST /api/v1/checks/withdrawal, target p99 < 50 ms at 200 checks/s while batch
// ingestion runs. Open loop: each request leaves at its scheduled instant whether or not the ones
// before it were answered, and its latency counts from that instant, so a stall is not hidden by
// sending less during it (no coordinated omission).
//
//   node scripts/bench-checks.mjs --url http://127.0.0.1:3000 --key bdk_… [--rate 200] [--seconds 30]
//
// Beside Backdesk, in the same run and at the same rate (with DATABASE_URL, unless --no-limit):
// "the limit", the thinnest correct implementation of the same work on the same stack (bare Fastify
// + pg, one prepared statement: same key check, same reads, same record write), and "the naive
// approach" (the same statements one after another), both in scripts/bench-checks-limit.mjs, started
// here as a child process on the same database. The three are interleaved one-second slice by slice
// (Backdesk, limit, naive, Backdesk, …), so each sees the same machine at the same moments; the
// figures of each, the ratio of Backdesk's p99 to the limit's and the verdicts are printed.
// A database prepared for it: apps/server/scripts/bench-checks-setup.ts.
//
// Customers: --customers a,b,c (the exchange's ids), or the first 1,000 customers' exchange ids
// (their user names where the exchange never sent them) read from DATABASE_URL. `npm run bench:ingest` runs `benchChecks` beside its batch load and prints both.
// Exits 1 when the verdict fails (or when an answer was not a 200).
import { parseArgs } from 'node:util';

export const CHECKS_P99_BUDGET_MS = 50;

/** The rank-th value of sorted `values` (nearest rank), in ms. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Sends `rate` withdrawal checks a second for `seconds` seconds and answers the figures:
 * { sent, ok, failed, statuses, decisions, p50, p95, p99, max, pass }.
 */
export async function benchChecks({ url, key, customers, rate = 200, seconds = 30, seed = 1 }) {
  const [figures] = await benchInterleaved({
    targets: [{ name: 'Backdesk', url }],
    key,
    customers,
    rate,
    seconds,
    seed,
  });
  return figures;
}

/**
 * `benchChecks` against several targets (each `{ name, url }`, the check's path under `url`), in
 * one-second slices taken in turn, `seconds` seconds each; answers each target's figures.
 */
export async function benchInterleaved({ targets, key, customers, rate = 200, seconds = 30, seed = 1 }) {
  if (!customers.length) throw new Error('benchChecks: no customers to check');
  let state = seed >>> 0 || 1;
  // A small seeded generator, so two runs ask the same checks.
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const perSlice = Math.max(1, Math.round(rate));
  const total = Math.round(rate * seconds) * targets.length;
  const results = targets.map(() => ({ latencies: [], statuses: {}, decisions: {}, sent: 0 }));
  const start = performance.now() + 50;
  const inflight = [];
  for (let i = 0; i < total; i += 1) {
    const at = start + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const slot = Math.floor(i / perSlice) % targets.length;
    const target = targets[slot];
    const r = results[slot];
    r.sent += 1;
    const body = {
      withdrawalId: `bench-${seed}-${i}`,
      customer: { externalId: customers[Math.floor(next() * customers.length)] },
      asset: 'USDT',
      network: 'TRC20',
      amount: (1 + Math.floor(next() * 500)).toString(),
      toAddress: `TBench${Math.floor(next() * 1e9).toString(36)}`,
    };
    inflight.push(
      fetch(`${target.url}/api/v1/checks/withdrawal`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(2000),
      })
        .then(async (res) => {
          const answer = await res.json().catch(() => ({}));
          r.statuses[res.status] = (r.statuses[res.status] ?? 0) + 1;
          if (answer.decision) r.decisions[answer.decision] = (r.decisions[answer.decision] ?? 0) + 1;
          r.latencies.push(performance.now() - at);
        })
        .catch((error) => {
          // No answer within the client's 2 s: the exchange holds it (fail closed); counted as 2 s.
          const kind =
            error?.name === 'TimeoutError' ? 'timeout' : `error ${error?.cause?.code ?? error?.message}`;
          r.statuses[kind] = (r.statuses[kind] ?? 0) + 1;
          r.latencies.push(2000);
        }),
    );
  }
  await Promise.all(inflight);
  const round = (v) => Math.round(v * 10) / 10;
  return results.map((r, slot) => {
    r.latencies.sort((a, b) => a - b);
    const ok = r.statuses[200] ?? 0;
    const figures = {
      name: targets[slot].name,
      sent: r.sent,
      ok,
      failed: r.sent - ok,
      statuses: r.statuses,
      decisions: r.decisions,
      p50: round(percentile(r.latencies, 50)),
      p95: round(percentile(r.latencies, 95)),
      p99: round(percentile(r.latencies, 99)),
      max: round(r.latencies.at(-1) ?? 0),
    };
    return { ...figures, pass: ok === r.sent && figures.p99 < CHECKS_P99_BUDGET_MS };
  });
}

/** One line of figures and the verdict, as the benches print them. */
export function printChecks(f, { rate, seconds }) {
  console.log(
    `${f.name ?? 'Backdesk'}: withdrawal checks at ${rate}/s for ${seconds} s: ${f.ok}/${f.sent} answered 200 · p50 ${f.p50} ms · p95 ${f.p95} ms · p99 ${f.p99} ms · max ${f.max} ms`,
  );
  console.log(`  statuses ${JSON.stringify(f.statuses)} · decisions ${JSON.stringify(f.decisions)}`);
  console.log(
    `  verdict: ${f.pass ? 'PASS' : 'MISS'} (p99 < ${CHECKS_P99_BUDGET_MS} ms, every check answered)`,
  );
}

/** Starts scripts/bench-checks-limit.mjs on `databaseUrl`; resolves its URL and a stop function. */
export async function startLimit(databaseUrl) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [new URL('./bench-checks-limit.mjs', import.meta.url).pathname], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => child.exitCode === null && child.kill('SIGINT');
  process.once('exit', stop);
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /limit listening on (\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the limit exited with ${code}: ${out}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop };
}

async function customersFromDatabase(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The key a check names a customer by (customerByRef): the exchange's id, else the user name.
    const { rows } = await client.query(
      'SELECT coalesce(external_id, user_name) AS ref FROM customers ORDER BY id LIMIT 1000',
    );
    return rows.map((r) => r.ref);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.BACKDESK_URL ?? 'http://127.0.0.1:3000' },
      key: { type: 'string', default: process.env.BACKDESK_API_KEY },
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '30' },
      seed: { type: 'string', default: String(Date.now() % 100000) },
      customers: { type: 'string' },
      'no-limit': { type: 'boolean', default: false },
    },
  });
  if (!values.key) {
    console.error('Give the integration key (scope checks:withdrawal): --key bdk_… or BACKDESK_API_KEY');
    process.exit(2);
  }
  const customers = values.customers
    ? values.customers.split(',')
    : process.env.DATABASE_URL
      ? await customersFromDatabase(process.env.DATABASE_URL)
      : [];
  if (!customers.length) {
    console.error('Give customers to check: --customers a,b,c or DATABASE_URL to read them from');
    process.exit(2);
  }
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const withLimit = !values['no-limit'] && process.env.DATABASE_URL;
  console.log(`seed ${values.seed}`);
  const limit = withLimit ? await startLimit(process.env.DATABASE_URL) : null;
  const targets = [
    { name: 'Backdesk', url: values.url },
    ...(limit
      ? [
          { name: 'the limit (bare Fastify + pg, one statement)', url: `${limit.url}/limit` },
          { name: 'the naive approach (one statement after another)', url: `${limit.url}/naive` },
        ]
      : []),
  ];
  const all = await benchInterleaved({
    targets,
    key: values.key,
    customers,
    rate,
    seconds,
    seed: Number(values.seed),
  });
  limit?.stop();
  for (const f of all) printChecks(f, { rate, seconds });
  const [backdesk, bare] = all;
  if (bare) {
    console.log(
      `ratio Backdesk / the limit: p50 ${(backdesk.p50 / bare.p50).toFixed(1)}× · p95 ${(backdesk.p95 / bare.p95).toFixed(1)}× · p99 ${(backdesk.p99 / bare.p99).toFixed(1)}×`,
    );
  }
  for (const f of all)
    console.log(
      `VERDICT ${f.name}: withdrawal check p99 < ${CHECKS_P99_BUDGET_MS} ms at ${rate}/s, every check answered: ${f.pass ? 'PASS' : 'MISS'}`,
    );
  if (bare && !bare.pass)
    console.log('  the limit misses too: on this machine the target is out of reach of the work itself');
  process.exit(backdesk.pass ? 0 : 1);
}
