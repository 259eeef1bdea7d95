// `npm run bench:inbox`: the inbox at scale and its live updates across nodes (decision 0013).
// A data folder of its own holds BENCH_INBOX_ITEMS open inbox items (1 million by default) across 50
// approvers: withdrawals put under review through the real triggers, which wait in the withdrawals'
// team queue until they are assigned, round robin, each then in its assignee's personal inbox alone
// (decision 0013, migration 0041).
// Over HTTP against started servers on that one database it times:
//   1. a member's inbox page (and its unread count, and the team queues' counts), p95 target < 20 ms,
//      beside the naive inbox assembled at read time by a UNION over the source tables (timed on a
//      direct connection);
//   2. event raised on node A → unread count updated in a browser-like SSE client on node B,
//      p95 target < 500 ms;
//   3. BENCH_SSE_CLIENTS streams (2,000 by default) open on one node while events fan out to all of
//      them, event-loop delay p99 target < 50 ms (the node's own /metrics).
// Prove it at a small scale: BENCH_INBOX_ITEMS=20000 BENCH_SSE_CLIENTS=200 npm run bench:inbox

import type pg from 'pg';
import { ensureLoginRole, grantAppRole, newRolePassword, urlAs } from '../src/db/app-role.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { createSessionsRepository } from '../src/modules/platform/auth/sessions.repository.ts';
import { generateToken, hashToken } from '../src/modules/platform/auth/tokens.ts';
import { openSse } from '../src/modules/platform/events/sse-client.ts';
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

const DATA_DIR = process.env.BENCH_INBOX_DIR ?? '/tmp/backdesk-bench-inbox';
const ITEMS = Number(process.env.BENCH_INBOX_ITEMS ?? 1_000_000);
const MEMBERS = 50;
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 2_000);
const PORT = Number(process.env.BENCH_PORT ?? 3611);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const LATENCY_SAMPLES = 100;
const PAGE_TARGET_MS = 20;
const LATENCY_TARGET_MS = 500;
const LOOP_TARGET_MS = 50;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** Streams per member a node allows (events.stream.ts): the SSE clients are spread over members. */
const STREAMS_PER_MEMBER = 8;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** 49 more approvers beside the demo admin, and the members the SSE clients sign in as. */
async function ensureMembers(
  owner: pg.Pool,
  prefix: string,
  count: number,
  roles: string,
): Promise<number[]> {
  await owner.query(
    `INSERT INTO staff_members (user_name, display_name, password_hash, roles)
     SELECT $1 || g, 'Bench ' || $1 || g, 'x', $2::text[] FROM generate_series(1, $3) g
     ON CONFLICT (user_name) DO NOTHING`,
    [prefix, roles, count],
  );
  const { rows } = await owner.query<{ id: number }>(
    `SELECT id FROM staff_members WHERE user_name LIKE $1 || '%' ORDER BY id`,
    [prefix],
  );
  return rows.map((r) => r.id);
}

/**
 * Withdrawals under review, inserted in batches: the triggers open one work item each in the team
 * queue. Then each is assigned to the next of the approvers in turn, as the queue's round robin does:
 * the trigger on the assignee puts it in that member's inbox.
 */
async function generate(owner: pg.Pool, works: number, approvers: number[]): Promise<void> {
  const started = performance.now();
  const batch = 2_000;
  for (let done = 0; done < works; done += batch) {
    await owner.query(
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status, created_at, updated_at)
       SELECT 1 + (g * 7919) % (SELECT count(*) FROM customers), 'withdrawal', 'USDT', 'TRC20',
              (100 + g % 9000)::numeric, 'TBench', 'under_review',
              now() - (g % 20000) * interval '1 minute', now() - (g % 20000) * interval '1 minute'
       FROM generate_series($1::int, $2::int) g`,
      [done + 1, Math.min(works, done + batch)],
    );
    process.stdout.write(
      `\r  ${Math.min(works, done + batch).toLocaleString('en')} withdrawals under review`,
    );
  }
  console.log(` (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const assigning = performance.now();
  for (;;) {
    const { rowCount } = await owner.query(
      `UPDATE work_items w SET assignee_id = ($1::int[])[1 + w.id % cardinality($1::int[])], version = w.version + 1
       WHERE w.id IN (SELECT id FROM work_items WHERE kind = 'withdrawal_review' AND resolved_at IS NULL
                        AND assignee_id IS NULL ORDER BY id LIMIT 20000)`,
      [approvers],
    );
    if (!rowCount) break;
    process.stdout.write('.');
  }
  console.log(` assigned round robin (${((performance.now() - assigning) / 1000).toFixed(0)} s)`);
  await owner.query('DELETE FROM live_events');
  await owner.query('VACUUM (ANALYZE) inbox_items, work_items, wallet_transactions');
}

/**
 * The naive inbox: assembled at read time from the sources (a withdrawal's assignee where the
 * assignment is kept), read marks kept aside, per request.
 */
const NAIVE_PAGE = `
  WITH q AS (
    SELECT 'withdrawal_review' AS kind, 'wallet_transaction:' || t.id AS ref, t.updated_at AS opened_at, t.amount
    FROM wallet_transactions t WHERE t.type = 'withdrawal' AND t.status = 'under_review'
      AND EXISTS (SELECT 1 FROM work_items a WHERE a.source_ref = 'wallet_transaction:' || t.id AND a.assignee_id = $1)
    UNION ALL SELECT 'p2p_dispute', 'p2p_trade:' || p.id, p.created_at, p.trade_amount
    FROM p2p_trades p WHERE p.status = 'disputed'
    UNION ALL SELECT 'four_eyes_request', 'approval_request:' || a.id, a.requested_at, NULL
    FROM approval_requests a WHERE a.status = 'pending' AND a.requested_by <> $1
    UNION ALL SELECT 'kyc_waiting', 'kyc_case:' || k.customer_id, k.waiting_since, NULL FROM kyc_cases k
  )
  SELECT q.*, (SELECT count(*) FROM q WHERE NOT EXISTS (
      SELECT 1 FROM inbox_items i JOIN work_items w ON w.id = i.work_item_id
      WHERE i.member_id = $1 AND w.source_ref = q.ref AND i.read_at IS NOT NULL)) AS unread
  FROM q ORDER BY opened_at DESC LIMIT 50`;

/** Bearer sessions made in the database, as the tests do: signing in 2,000 times would time the captcha. */
async function bearerFor(db: ReturnType<typeof createDb>, memberIds: number[]): Promise<string[]> {
  const sessions = createSessionsRepository();
  const at = new Date();
  const expiresAt = new Date(at.getTime() + 3_600_000);
  const tokens: string[] = [];
  for (const memberId of memberIds) {
    const sessionId = await sessions.createSession(db, {
      memberId,
      at,
      expiresAt,
      ip: null,
      userAgent: 'bench',
    });
    const token = generateToken('access');
    await sessions.addToken(db, { hash: hashToken(token), sessionId, kind: 'access', at, expiresAt });
    tokens.push(token);
  }
  return tokens;
}

async function loopDelayP99(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('backdesk_event_loop_delay_seconds{quantile="0.99"}'));
  return Number(line?.split(' ').at(-1) ?? Number.NaN) * 1000;
}

async function main() {
  console.log(
    `bench:inbox — ${ITEMS.toLocaleString('en')} open items across ${MEMBERS} members; ${machineLine()}`,
  );
  await seedDataDir(DATA_DIR, { customers: 2_000, now: new Date() });
  const embedded = await startEmbeddedDatabase(DATA_DIR);
  const owner = createPool(embedded.url, 4);
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const others = await ensureMembers(owner, 'bench-approver-', MEMBERS - 1, '{admin}');
    const admin = await owner.query<{ id: number }>(`SELECT id FROM staff_members WHERE user_name = 'admin'`);
    const approvers = [admin.rows[0]!.id, ...others];
    const { rows } = await owner.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inbox_items WHERE open AND member_id = ANY($1::int[])`,
      [approvers],
    );
    if (rows[0]!.n < ITEMS) {
      console.log(
        `Generating ${(ITEMS - rows[0]!.n).toLocaleString('en')} pieces of work for ${MEMBERS} approvers…`,
      );
      await generate(owner, ITEMS - rows[0]!.n, approvers);
    } else console.log(`Reusing ${rows[0]!.n.toLocaleString('en')} open items of the approvers`);
    const total = await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM inbox_items WHERE open');
    console.log(`  ${total.rows[0]!.n.toLocaleString('en')} open inbox items in all`);

    const password = newRolePassword();
    await ensureLoginRole(owner, 'backdesk_bench_app', password);
    await grantAppRole(owner, 'backdesk_bench_app');
    const env = {
      DATABASE_URL: urlAs(embedded.url, 'backdesk_bench_app', password),
      MIGRATION_DATABASE_URL: embedded.url,
      METRICS_TOKEN,
      JOBS: 'false',
      LIST_REQUESTS_PER_MINUTE: '0',
      AUTH_REQUESTS_PER_MINUTE: '10000',
    };
    for (let n = 0; n < 3; n++) servers.push(await startServer({ port: PORT === 0 ? 0 : PORT + n, env }));
    const [a, b, c] = servers as [(typeof servers)[0], (typeof servers)[0], (typeof servers)[0]];
    const cookie = await signIn(a.url, 'admin');
    const cookieB = await signIn(b.url, 'admin');

    // 1. The page, materialised, over HTTP; beside the UNION at read time.
    const adminId = (
      await owner.query<{ id: number }>(`SELECT id FROM staff_members WHERE user_name = 'admin'`)
    ).rows[0]!.id;
    const cases: [string, string][] = [
      ['page, newest first', '/api/inbox?limit=50'],
      ['page, unread only', '/api/inbox?limit=50&read=unread'],
      ['page, one kind', '/api/inbox?limit=50&kind=withdrawal_review'],
      ['unread count', '/api/inbox/summary'],
      ['team queues, counted', '/api/inbox/queues'],
    ];
    const results: (string | number)[][] = [];
    for (const [name, path] of cases) {
      for (let i = 0; i < 20; i++) await timedGet(`${a.url}${path}`, cookie);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push((await timedGet(`${a.url}${path}`, cookie)).ms);
      const p = percentiles(times);
      results.push([
        name,
        fmtMs(p.p50),
        fmtMs(p.p95),
        `< ${PAGE_TARGET_MS}`,
        verdict(p.p95 < PAGE_TARGET_MS),
      ]);
    }
    const naive: number[] = [];
    for (let i = 0; i < Math.min(SAMPLES, 20); i++) {
      const started = performance.now();
      await owner.query(NAIVE_PAGE, [adminId]);
      naive.push(performance.now() - started);
    }
    const np = percentiles(naive);
    results.push([
      'naive UNION at read time (SQL only)',
      fmtMs(np.p50),
      fmtMs(np.p95),
      `< ${PAGE_TARGET_MS}`,
      verdict(np.p95 < PAGE_TARGET_MS),
    ]);
    console.log('\n1. A member’s inbox page (ms)');
    printTable(['case', 'p50', 'p95', 'target', 'verdict'], results);

    // 2. Raised on A (a mark, which tells the member's other tabs), seen on B, count read from B.
    const first = (
      await getJson<{ items: { id: number; read: boolean }[] }>(`${a.url}/api/inbox?limit=1`, cookie)
    ).items[0]!;
    let waiting: ((at: number) => void) | null = null;
    const stream = await openSse(`${b.url}/api/events/stream`, { cookie: cookieB }, (m) => {
      const event = JSON.parse(m.data) as { topic: string; data?: { action?: string } };
      if (event.topic === 'inbox' && event.data?.action === 'marked') waiting?.(performance.now());
    });
    const latencies: number[] = [];
    let read = !first.read;
    for (let i = 0; i < LATENCY_SAMPLES + 5; i++) {
      const seen = new Promise<number>((resolve) => {
        waiting = resolve;
      });
      const started = performance.now();
      const res = await fetch(`${a.url}/api/inbox/mark`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [first.id], read }),
      });
      if (!res.ok) throw new Error(`mark: ${res.status} ${await res.text()}`);
      await seen;
      await timedGet(`${b.url}/api/inbox/summary`, cookieB);
      if (i >= 5) latencies.push(performance.now() - started);
      read = !read;
    }
    stream.close();
    const lp = percentiles(latencies);
    console.log('\n2. Event raised on node A → unread count updated by an SSE client on node B (ms)');
    printTable(
      ['case', 'p50', 'p95', 'target', 'verdict'],
      [
        [
          'mark on A → event on B → count from B',
          fmtMs(lp.p50),
          fmtMs(lp.p95),
          `< ${LATENCY_TARGET_MS}`,
          verdict(lp.p95 < LATENCY_TARGET_MS),
        ],
      ],
    );

    // 3. Many streams on node C while events fan out to all of them.
    const members = await ensureMembers(
      owner,
      'bench-watcher-',
      Math.ceil(SSE_CLIENTS / STREAMS_PER_MEMBER),
      '{manager}',
    );
    const tokens = await bearerFor(createDb(owner), members);
    let received = 0;
    const streams = [];
    for (let i = 0; i < SSE_CLIENTS; i++) {
      const token = tokens[i % tokens.length]!;
      streams.push(
        await openSse(`${c.url}/api/events/stream`, { authorization: `Bearer ${token}` }, () => received++),
      );
    }
    const gauge = await (
      await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const open = Number(
      gauge
        .split('\n')
        .find((l) => l.startsWith('backdesk_sse_clients '))
        ?.split(' ')[1],
    );
    const events = 100;
    const before = await loopDelayP99(c.url);
    for (let i = 0; i < events; i++) {
      await owner.query(`SELECT bd_publish('p2p', NULL, jsonb_build_object('bench', $1::int))`, [i]);
      await new Promise((r) => setTimeout(r, 50));
    }
    const deadline = Date.now() + 30_000;
    while (received < events * SSE_CLIENTS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const p99 = await loopDelayP99(c.url);
    for (const s of streams) s.close();
    console.log(
      `\n3. ${SSE_CLIENTS.toLocaleString('en')} SSE clients on one node (${open} open by its gauge), ${events} events to all`,
    );
    printTable(
      ['case', 'delivered', 'loop p99 (ms)', 'target', 'verdict'],
      [
        [
          'fan-out to every stream',
          `${received.toLocaleString('en')} / ${(events * SSE_CLIENTS).toLocaleString('en')}`,
          fmtMs(p99),
          `< ${LOOP_TARGET_MS}`,
          verdict(p99 < LOOP_TARGET_MS && received === events * SSE_CLIENTS),
        ],
      ],
    );
    console.log(`  (the node's event-loop p99 since start, ${fmtMs(before)} ms before the fan-out)`);
  } finally {
    for (const s of servers) await s.stop();
    await owner.end();
    await embedded.stop();
  }
}

await main();
