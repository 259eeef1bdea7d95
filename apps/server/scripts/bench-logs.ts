// `npm run bench:logs`: the access-log screen at scale (decision 0008). A data folder of its own holds
// BENCH_LOG_ROWS access-log rows (10 million by default, a year of them, properly hash-chained),
// generated once and kept. The real server is started on it and every filter kind of /logs/access is
// timed over HTTP (p95 of a filtered page, target < 20 ms), beside the same list with PostgreSQL's
// index scans switched off on a direct connection (what the filter would cost without its index).
// Then the chain is verified over HTTP and its time per million rows is judged (target ≤ 10 s).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCESS_EVENTS, accessOutcome } from '@backdesk/contract';
import pg from 'pg';
import { createDb, createPool } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { createAccessLogRepository } from '../src/modules/platform/access-log/access-log.repository.ts';
import {
  fmtMs,
  getJson,
  machineLine,
  percentiles,
  printTable,
  seedDataDir,
  signIn,
  startServer,
  timedGet,
} from './bench-support.ts';

const DATA_DIR = process.env.BENCH_LOGS_DIR ?? '/tmp/backdesk-bench-logs';
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 10_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 3601);
const SAMPLES = 200;
const UNINDEXED_SAMPLES = 3;
const PAGE_TARGET_MS = 20;
const VERIFY_TARGET_S_PER_MILLION = 10;

const FAILURES = ACCESS_EVENTS.filter((e) => accessOutcome(e) === 'failure');

/**
 * The rows, generated in the database: events weighted towards sign-ins and refreshes, 5,000 user
 * names, 60,000 addresses, times spread evenly over the past year in id order (as the log grows).
 * Staged without indexes, chained in id order by one pass over the staged rows (the same text the
 * insert trigger hashes), then copied into access_log with the trigger off and its indexes rebuilt.
 */
async function generate(owner: pg.Pool, rows: number): Promise<void> {
  const events = `ARRAY[${ACCESS_EVENTS.map((e) => `'${e}'`).join(',')}]`;
  const failures = `ARRAY[${FAILURES.map((e) => `'${e}'`).join(',')}]`;
  const step = (365 * 86_400) / rows;
  const started = performance.now();
  const phase = (name: string) =>
    console.log(`  ${name} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  await owner.query(`DROP TABLE IF EXISTS bench_rows, bench_hash`);
  await owner.query(`CREATE UNLOGGED TABLE bench_rows (LIKE access_log)`);
  await owner.query(`
    INSERT INTO bench_rows (id, at, event, member_id, user_name, ip, user_agent, detail, outcome, hash)
    SELECT g, now() - interval '365 days' + g * ${step} * interval '1 second', e.event,
      CASE WHEN g % 7 = 0 THEN NULL ELSE 1 + g % 4 END, 'user' || (g * 7919 % 5000),
      ('10.' || (g % 60) || '.' || (g * 31 % 250) || '.' || (g % 40 + 1))::inet,
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/' || (120 + g % 10),
      CASE WHEN e.event = 'access_denied' THEN jsonb_build_object('url', '/api/logs/access') END,
      CASE WHEN e.event = ANY(${failures}) THEN 'failure' ELSE 'success' END, '\\x'::bytea
    FROM generate_series(1::bigint, ${rows}) g,
      LATERAL (SELECT CASE WHEN g % 10 < 4 THEN 'refresh' WHEN g % 10 < 7 THEN 'login'
                      ELSE (${events})[1 + (g * 13) % ${ACCESS_EVENTS.length}] END AS event) e`);
  phase('rows staged');
  await owner.query(`CREATE UNLOGGED TABLE bench_hash (id bigint, hash bytea)`);
  await owner.query(`
    DO $$
    DECLARE r record; prev bytea := bd_chain_start('access_log'); ids bigint[] := '{}'; hashes bytea[] := '{}';
    BEGIN
      FOR r IN SELECT s.id, bd_access_log_text(ROW(s.*)::access_log) AS body FROM bench_rows s ORDER BY s.id LOOP
        prev := sha256(prev || convert_to(r.body, 'UTF8'));
        ids := ids || r.id; hashes := hashes || prev;
        IF cardinality(ids) = 10000 THEN
          INSERT INTO bench_hash SELECT * FROM unnest(ids, hashes); ids := '{}'; hashes := '{}';
        END IF;
      END LOOP;
      INSERT INTO bench_hash SELECT * FROM unnest(ids, hashes);
    END $$`);
  phase('rows chained');
  await owner.query(`ALTER TABLE access_log DISABLE TRIGGER access_log_chain`);
  try {
    await owner.query(`
      INSERT INTO access_log (id, at, event, member_id, user_name, ip, user_agent, detail, outcome, hash)
      SELECT s.id, s.at, s.event, s.member_id, s.user_name, s.ip, s.user_agent, s.detail, s.outcome, h.hash
      FROM bench_rows s JOIN bench_hash h USING (id) ORDER BY s.id`);
  } finally {
    await owner.query(`ALTER TABLE access_log ENABLE TRIGGER access_log_chain`);
  }
  await owner.query(`SELECT setval('access_log_id_seq', (SELECT max(id) FROM access_log))`);
  await owner.query(`DROP TABLE bench_rows, bench_hash`);
  phase('rows in access_log');
  await owner.query('VACUUM (ANALYZE) access_log');
  phase('vacuumed');
}

interface Case {
  name: string;
  query: Record<string, string>;
}

const CASES: Case[] = [
  { name: 'no filter', query: {} },
  { name: 'member', query: { member: 'user1234' } },
  { name: 'event (rare)', query: { event: 'password_changed' } },
  { name: 'outcome failure', query: { outcome: 'failure' } },
  { name: 'address', query: { ip: '10.17.27.18' } },
  { name: 'network /16', query: { ip: '10.17.0.0/16' } },
  { name: 'one day', query: { from: '', to: '' } },
  { name: 'event + day', query: { event: 'login_failed', from: '', to: '' } },
];

async function main() {
  console.log(`bench:logs — ${ROWS.toLocaleString('en')} access-log rows in ${DATA_DIR}; ${machineLine()}`);
  await seedDataDir(DATA_DIR, { customers: 1_000, now: new Date() });
  const embedded = await startEmbeddedDatabase(DATA_DIR);
  const owner = createPool(embedded.url, 2);
  try {
    const { rows } = await owner.query<{ n: string }>(`SELECT count(*)::text AS n FROM access_log`);
    if (Number(rows[0]!.n) < ROWS) {
      console.log(`Generating ${ROWS.toLocaleString('en')} rows…`);
      // Start over, checkpoints included (a cut of an earlier run would anchor the new chain).
      for (const table of ['log_checkpoints', 'access_log']) {
        await owner.query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_append_only`);
        await owner.query(`DELETE FROM ${table}`);
        await owner.query(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_append_only`);
      }
      await generate(owner, ROWS);
    } else console.log(`Reusing ${Number(rows[0]!.n).toLocaleString('en')} rows`);
  } finally {
    await owner.end();
    await embedded.stop();
  }

  // A day in the middle of the year the rows span.
  const day = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
  for (const c of CASES) {
    if ('from' in c.query) Object.assign(c.query, { from: day, to: day });
  }

  const server = await startServer({ port: PORT, env: { DATA_DIR, LIST_REQUESTS_PER_MINUTE: '0' } });
  const results: (string | number)[][] = [];
  const countColumns: [string, number][] = [];
  let allOk = true;
  try {
    const cookie = await signIn(server.url, 'admin');
    for (const c of CASES) {
      const url = `${server.url}/api/logs/access?${new URLSearchParams({ ...c.query, limit: '50' })}`;
      for (let i = 0; i < 10; i++) await timedGet(url, cookie); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) samples.push((await timedGet(url, cookie)).ms);
      const p = percentiles(samples);
      const page = await getJson<{ items: unknown[] }>(url, cookie);
      // The total is its own request (the list asks it beside the page); shown, not judged.
      const countUrl = `${server.url}/api/logs/access/count?${new URLSearchParams(c.query)}`;
      const counts: number[] = [];
      for (let i = 0; i < 20; i++) counts.push((await timedGet(countUrl, cookie)).ms);
      const { total } = await getJson<{ total: { value: number; exact: boolean } }>(countUrl, cookie);
      const totalText = `${total.exact ? '' : '≈'}${total.value.toLocaleString('en')}`;
      results.push([c.name, page.items.length, p.p50, p.p95, p.p95 < PAGE_TARGET_MS ? 'ok' : 'SLOW']);
      countColumns.push([totalText, percentiles(counts).p95]);
      if (p.p95 >= PAGE_TARGET_MS) allOk = false;
    }

    // The same lists without their indexes: the query the server runs, index scans off for the session.
    const data = await startEmbeddedReadOnly();
    try {
      const repo = createAccessLogRepository();
      for (const [i, c] of CASES.entries()) {
        const times: number[] = [];
        for (let n = 0; n < UNINDEXED_SAMPLES; n++) {
          const started = performance.now();
          await repo.page(data.db, { sort: 'at', dir: 'desc', limit: 50, ...c.query } as never);
          times.push(performance.now() - started);
        }
        results[i]!.push(percentiles(times).p50, ...countColumns[i]!);
      }
    } finally {
      await data.close();
    }

    const verify = await timedGet(`${server.url}/api/logs/verify?log=access`, cookie);
    const v = JSON.parse(verify.body.toString('utf8')) as { intact: boolean; checked: number; ms: number };
    const perMillion = v.ms / 1000 / (v.checked / 1_000_000);
    console.log();
    printTable(
      [
        'filter (limit 50)',
        'rows',
        'p50 ms',
        'p95 ms',
        `< ${PAGE_TARGET_MS} ms`,
        'unindexed p50 ms',
        'total',
        'total p95 ms',
      ],
      results.map((r) =>
        r.map((cell) => (typeof cell === 'number' && !Number.isInteger(cell) ? fmtMs(cell) : cell)),
      ),
    );
    console.log();
    const verdict = v.intact && perMillion <= VERIFY_TARGET_S_PER_MILLION ? 'ok' : 'SLOW';
    console.log(
      `verify: ${v.intact ? 'intact' : 'BROKEN'}, ${v.checked.toLocaleString('en')} rows in ${(v.ms / 1000).toFixed(1)} s` +
        ` = ${perMillion.toFixed(2)} s per million rows (target ≤ ${VERIFY_TARGET_S_PER_MILLION} s): ${verdict}`,
    );
    console.log(`pages: ${allOk ? 'ok' : 'SLOW'} (p95 < ${PAGE_TARGET_MS} ms for every filter kind)`);
    if (!allOk || verdict !== 'ok') process.exitCode = 1;
  } finally {
    await server.stop();
  }

  /**
   * A direct connection to the running server's database with index scans switched off: the server
   * holds the folder, so this reads the superuser password from it and connects over TCP.
   */
  async function startEmbeddedReadOnly() {
    const { loadDataDirSecrets } = await import('../src/db/embedded.ts');
    const { pgPassword } = await loadDataDirSecrets(DATA_DIR);
    // postmaster.pid's fourth line is the port the running PostgreSQL listens on.
    const port = (await readFile(path.join(DATA_DIR, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
    const url = `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/backdesk`;
    const pool = new pg.Pool({
      connectionString: url,
      max: 2,
      options:
        '-c enable_indexscan=off -c enable_bitmapscan=off -c enable_indexonlyscan=off -c DateStyle=ISO,YMD',
    });
    return { db: createDb(pool), close: () => pool.end() };
  }
}

await main();
