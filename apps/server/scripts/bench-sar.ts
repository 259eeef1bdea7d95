// `npm run bench:sar`: the first suspicious-activity report draft of a case (its target: ready in < 1 s),
// over HTTP against a started server on the demo data (BENCH_SAR_CUSTOMERS customers, 10,000 by
// default, with the demo's fraud history and its cases). Times, as a manager:
//   1. the very first draft after the server says it listens (the PDF packages and fonts are warmed
//      once it listens, so this races the warm-up as a member's first click would);
//   2. the first draft of each of BENCH_SAR_CASES other cases (20 by default), English and Turkish in
//      turn, p50 / p95 / max;
//   3. beside them, the floor: the same case's detail and timeline read (what the draft reads, without
//      the PDF), so the PDF's own share is printed.
// A data folder of its own (BENCH_SAR_DIR); cases that have a draft already are skipped, so a second
// run on the same folder times the next cases. The demo holds few cases: more are opened first as an
// officer would, one per customer with open alerts not in a case.
// With DATABASE_URL (and MIGRATION_DATABASE_URL) it times that database instead, e.g. 1M customers
// seeded by `npm run seed` whose fraud history a server's first start with DEMO=1 has raised.

import { createPool } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { fraudHistoryPending, seedFraudHistory } from '../src/db/seed/fraud-history.ts';
import {
  fmtMs,
  getJson,
  machineLine,
  percentiles,
  printTable,
  seedDataDir,
  signIn,
  startListServer,
  startServer,
  timedGet,
} from './bench-support.ts';

const DATA_DIR = process.env.BENCH_SAR_DIR ?? '/tmp/backdesk-bench-sar';
const CUSTOMERS = Number(process.env.BENCH_SAR_CUSTOMERS ?? 10_000);
const CASES = Number(process.env.BENCH_SAR_CASES ?? 20);
const TARGET_MS = 1_000;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

interface CaseRow {
  id: number;
}

/** The folder seeded once, with the fraud history the demo raises at its first start (its cases). */
async function prepare(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  await seedDataDir(DATA_DIR, { customers: CUSTOMERS, now: new Date() });
  const embedded = await startEmbeddedDatabase(DATA_DIR);
  const pool = createPool(embedded.url, 4);
  try {
    if (await fraudHistoryPending(pool)) {
      const started = performance.now();
      const alerts = await seedFraudHistory(pool);
      console.log(
        `  fraud history: ${alerts} alerts in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

/** Cases without a draft yet, oldest first. */
async function casesWithoutDraft(url: string, cookie: string, wanted: number): Promise<number[]> {
  const found: number[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: CaseRow[]; nextCursor: string | null } = await getJson(
      `${url}/api/compliance/fraud/cases?limit=100&dir=asc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      cookie,
    );
    for (const c of page.items) {
      const detail = await getJson<{ reports: unknown[] }>(
        `${url}/api/compliance/fraud/cases/detail?id=${c.id}`,
        cookie,
      );
      if (detail.reports.length === 0) found.push(c.id);
      if (found.length >= wanted) return found;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

/** Opens cases as an officer would: a customer's open alerts that are in no case, one case each. */
async function openCases(url: string, cookie: string, wanted: number): Promise<number> {
  const page: { items: { id: number; customer_id: number; case_id: number | null }[] } = await getJson(
    `${url}/api/compliance/fraud/alerts?limit=100&status=open`,
    cookie,
  );
  const byCustomer = new Map<number, number[]>();
  for (const a of page.items)
    if (a.case_id === null) byCustomer.set(a.customer_id, [...(byCustomer.get(a.customer_id) ?? []), a.id]);
  let opened = 0;
  for (const [customerId, alertIds] of byCustomer) {
    if (opened >= wanted) break;
    const res = await fetch(`${url}/api/compliance/fraud/cases/open`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ customerId, alertIds }),
    });
    if (!res.ok) throw new Error(`open a case: ${res.status} ${await res.text()}`);
    if (!((await res.json()) as { joined: boolean }).joined) opened++;
  }
  return opened;
}

async function draft(url: string, cookie: string, id: number, lang: 'en' | 'tr'): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/compliance/fraud/cases/report`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ id, lang }),
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`draft of case ${id}: ${res.status} ${body}`);
  return ms;
}

async function main() {
  console.log(
    `bench:sar — first report draft of a case, ${process.env.DATABASE_URL ? 'DATABASE_URL' : `${CUSTOMERS.toLocaleString('en')} customers`}; ${machineLine()}`,
  );
  await prepare();
  const server = process.env.DATABASE_URL
    ? await startServer({
        port: 0,
        env: {
          DATABASE_URL: process.env.DATABASE_URL,
          ...(process.env.APP_SECRET ? { APP_SECRET: process.env.APP_SECRET } : {}),
          DEMO: 'false',
          LIST_REQUESTS_PER_MINUTE: '100000000',
        },
      })
    : await startListServer(DATA_DIR, 0);
  try {
    // Signing in first: the first draft below is the member's first action after it.
    const cookie = await signIn(server.url, 'manager');
    let ids = await casesWithoutDraft(server.url, cookie, CASES + 1);
    if (ids.length < CASES + 1) {
      console.log(`  opening ${await openCases(server.url, cookie, CASES + 1 - ids.length)} more cases`);
      ids = await casesWithoutDraft(server.url, cookie, CASES + 1);
    }
    if (ids.length < 2) {
      console.log(`No cases without a draft left in ${DATA_DIR}: remove the folder to start again.`);
      return;
    }
    const [first, ...rest] = ids as [number, ...number[]];
    const firstMs = await draft(server.url, cookie, first, 'tr');

    const drafts: number[] = [];
    const floor: number[] = [];
    for (const [i, id] of rest.entries()) {
      const read = performance.now();
      await timedGet(`${server.url}/api/compliance/fraud/cases/detail?id=${id}`, cookie);
      await timedGet(`${server.url}/api/compliance/fraud/cases/timeline?id=${id}&limit=50`, cookie);
      floor.push(performance.now() - read);
      drafts.push(await draft(server.url, cookie, id, i % 2 === 0 ? 'en' : 'tr'));
    }
    const d = percentiles(drafts);
    const f = percentiles(floor);
    console.log('\nFirst report draft of a case (ms)');
    printTable(
      ['case', 'p50', 'p95', 'max', 'target', 'verdict'],
      [
        [
          'first draft after the server listens',
          fmtMs(firstMs),
          fmtMs(firstMs),
          fmtMs(firstMs),
          `< ${TARGET_MS}`,
          verdict(firstMs < TARGET_MS),
        ],
        [
          `first draft of ${drafts.length} more cases (en, tr)`,
          fmtMs(d.p50),
          fmtMs(d.p95),
          fmtMs(Math.max(...drafts)),
          `< ${TARGET_MS}`,
          verdict(Math.max(...drafts) < TARGET_MS),
        ],
        [
          'floor: the case read (detail + timeline)',
          fmtMs(f.p50),
          fmtMs(f.p95),
          fmtMs(Math.max(...floor)),
          '',
          '',
        ],
      ],
    );
    const failed = firstMs >= TARGET_MS || Math.max(...drafts) >= TARGET_MS;
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
