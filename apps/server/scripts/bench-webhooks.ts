// npm run bench:webhooks — decisions out (decision 0025 outbox), over HTTP against the started server:
//   npm run bench:webhooks [-- --decisions 200] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
// A fresh database on the given PostgreSQL, the real server on it as its own process (demo staff and
// customers), an integration and a webhook endpoint pointing at a local receiver. Each decision is a
// restriction a manager adds through the staff API; timed from the request to the webhook received.
// Then the same through a faulty receiver (30 % 500s, 10 % unanswered): lost, out of order, delivered.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureLoginRole, newRolePassword, urlAs } from '../src/db/app-role.ts';
import { fmtMs, machineLine, percentiles, printTable, signIn, startServer } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    decisions: { type: 'string', default: '200' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const DECISIONS = Number(values.decisions);
const TARGET_P95_MS = 1000;

async function main() {
  const admin = new pg.Client({ connectionString: values['database-url'] });
  await admin.connect();
  const name = `bd_bench_webhooks_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(values['database-url']!);
  url.pathname = `/${name}`;
  // The server refuses a superuser: it connects as a restricted role of the bench's own.
  const role = `bd_bench_app_${randomBytes(4).toString('hex')}`;
  const password = newRolePassword();
  await ensureLoginRole(admin, role, password);
  const hung: ServerResponse[] = [];
  let mode: 'healthy' | 'faulty' = 'healthy';
  const arrivals = new Map<string, number>();
  const acked: { customer: number; id: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const event = JSON.parse(body);
      const roll = Math.random();
      if (mode === 'faulty' && roll < 0.3) return res.writeHead(500).end();
      if (mode === 'faulty' && roll < 0.4) return hung.push(res);
      const key = `${event.type}:${event.data.subject.id}`;
      if (!arrivals.has(key)) arrivals.set(key, performance.now());
      acked.push({ customer: event.data.customer?.id, id: event.id });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const server = await startServer({
    port: 0,
    env: {
      DATABASE_URL: urlAs(url.toString(), role, password),
      MIGRATION_DATABASE_URL: url.toString(),
      DEMO: 'true',
      DEMO_CUSTOMERS: '500',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_RETRY_SCALE: '0.0002',
      AUTH_REQUESTS_PER_MINUTE: '10000',
    },
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const cookie = await signIn(server.url, 'super');
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { restriction: { id: number; version: number } };
    };
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO integrations (name, scopes) VALUES ('bench', '{events:read}') RETURNING id",
    );
    const port = (receiver.address() as AddressInfo).port;
    await post('/api/settings/integrations/webhooks/create', {
      integration_id: rows[0]!.id,
      url: `http://127.0.0.1:${port}/hook`,
      event_types: [],
    });
    // Customers with no restriction yet: each gets one added and then lifted (two events, in order).
    const { rows: customers } = await db.query<{ id: string }>(
      `SELECT id FROM customers c WHERE NOT EXISTS (SELECT 1 FROM customer_restrictions r WHERE r.customer_id = c.id)
        ORDER BY id LIMIT ${2 * DECISIONS}`,
    );
    let next = 0;

    const run = async (label: string) => {
      const latencies: number[] = [];
      const sent: { key: string; at: number; customer: number }[] = [];
      for (let i = 0; i < DECISIONS; i += 2) {
        const customer = Number(customers[next++ % customers.length]!.id);
        let at = performance.now();
        const { restriction } = await post('/api/customers/restrictions/add', {
          customerId: customer,
          kind: 'deposit',
          reason: `Bench ${label} ${i}`,
        });
        sent.push({ key: `restriction.added:${restriction.id}`, at, customer });
        at = performance.now();
        await post('/api/customers/restrictions/lift', {
          id: restriction.id,
          version: restriction.version,
          reason: 'Bench lift',
        });
        sent.push({ key: `restriction.lifted:${restriction.id}`, at, customer });
      }
      const deadline = performance.now() + 180_000;
      while (sent.some((s) => !arrivals.has(s.key)) && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const s of sent) if (arrivals.has(s.key)) latencies.push(arrivals.get(s.key)! - s.at);
      return { sent, latencies, lost: sent.filter((s) => !arrivals.has(s.key)).length };
    };

    const healthy = await run('healthy');
    mode = 'faulty';
    const faulty = await run('faulty');
    // Order: per customer, the first acknowledgement of each event follows the feed's order.
    const { rows: order } = await db.query<{ id: string; customer_id: number }>(
      "SELECT id, customer_id FROM outbox_events WHERE type <> 'test.ping' ORDER BY position",
    );
    const firstAck = new Map<number, string[]>();
    for (const a of acked) {
      const list = firstAck.get(a.customer) ?? [];
      if (!list.includes(a.id)) list.push(a.id);
      firstAck.set(a.customer, list);
    }
    let outOfOrder = 0;
    const feedOrder = new Map<number, string[]>();
    for (const e of order) feedOrder.set(e.customer_id, [...(feedOrder.get(e.customer_id) ?? []), e.id]);
    for (const [customer, ids] of firstAck) {
      const expected = (feedOrder.get(customer) ?? []).filter((id) => ids.includes(id));
      if (expected.join() !== ids.join()) outOfOrder++;
    }
    const h = percentiles(healthy.latencies);
    const f = percentiles(faulty.latencies);
    console.log(machineLine());
    printTable(
      ['run', 'decisions', 'delivered', 'lost', 'p50 ms', 'p95 ms', 'p99 ms'],
      [
        [
          'healthy receiver',
          DECISIONS,
          healthy.latencies.length,
          healthy.lost,
          fmtMs(h.p50),
          fmtMs(h.p95),
          fmtMs(h.p99),
        ],
        [
          'faulty receiver',
          DECISIONS,
          faulty.latencies.length,
          faulty.lost,
          fmtMs(f.p50),
          fmtMs(f.p95),
          fmtMs(f.p99),
        ],
      ],
    );
    const verdicts = [
      [`decision → webhook p95 < ${TARGET_P95_MS} ms (healthy)`, h.p95 < TARGET_P95_MS],
      ['lost 0', healthy.lost + faulty.lost === 0],
      ['out of order 0 (customers)', outOfOrder === 0],
      ['delivered all', healthy.lost + faulty.lost === 0 && healthy.sent.length > 0],
    ] as const;
    for (const [what, ok] of verdicts) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
    if (verdicts.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    for (const res of hung) res.destroy();
    await server.stop();
    await db.end();
    receiver.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  }
}

await main();
