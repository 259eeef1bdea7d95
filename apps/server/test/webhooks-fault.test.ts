import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '../src/db/client.ts';
import { newCustomer } from '../src/modules/compliance/fraud/engine/test-fixtures.ts';
import { createChanges } from '../src/modules/platform/audit/changes.ts';
import { createWebhookEndpoints } from '../src/modules/platform/outbox/webhook-endpoints.ts';
import { createWebhookSecretBox, signWebhook } from '../src/modules/platform/outbox/webhook-signing.ts';
import { createTestIntegration } from '../src/test/integration-key.ts';
import { until } from './eventually.ts';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from './test-server.ts';

/**
 * Webhook delivery through faults (issue 36, "Bad input and faults"): a receiver failing 30 % of
 * attempts and leaving some unanswered, two Backdesk nodes, one killed with SIGKILL mid-delivery and
 * started again. Every event is delivered, in order per customer, under one webhook-id.
 */
const SECRET = 'e2e-secret-'.padEnd(40, 'x'); // startTestServer's APP_SECRET
const CUSTOMERS = 5;
const PER_CUSTOMER = 12;
const env = {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1',
  WEBHOOK_RETRY_SCALE: '0.0002',
  WEBHOOK_TIMEOUT_MS: '300',
};

let database: TestDatabase;
let owner: pg.Pool;
let db: Db;
let nodes: TestServer[] = [];
let receiver: Server;
const hung: ServerResponse[] = [];

interface Seen {
  id: string;
  customer: number;
  acknowledged: boolean;
  signed: boolean;
}
const seen: Seen[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  owner = createPool(database.url, 4);
  db = createDb(owner);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const event = JSON.parse(body);
      const ts = Number(req.headers['webhook-timestamp']);
      const roll = Math.random();
      const entry: Seen = {
        id,
        customer: event.data.customer?.id ?? 0,
        acknowledged: false,
        signed:
          event.id === id && String(req.headers['webhook-signature']) === signWebhook(secret, id, ts, body),
      };
      seen.push(entry);
      if (roll < 0.3) return res.writeHead(500).end('no');
      if (roll < 0.4) return hung.push(res); // never answered: the attempt times out
      entry.acknowledged = true;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  nodes = await Promise.all([0, 1].map(() => startTestServer({ database, env })));
}, 150_000);

let secret = '';

afterAll(async () => {
  for (const res of hung) res.destroy();
  await Promise.all(nodes.map((n) => n.stop()));
  await new Promise<void>((r) => receiver.close(() => r()));
  await owner?.end();
  await database?.drop();
});

describe('webhook delivery with faults and killed nodes', () => {
  it('delivers every event, in order per customer, under one webhook-id', async () => {
    const integration = await createTestIntegration(db, { scopes: ['events:read'] });
    const port = (receiver.address() as AddressInfo).port;
    const endpoints = createWebhookEndpoints({
      db,
      changes: createChanges(db),
      box: createWebhookSecretBox(SECRET),
      settings: {
        timeoutMs: 300,
        allowPrivateAddresses: true,
        retryScale: 0,
        secretOverlapHours: 1,
        eventsRetentionDays: 1,
      },
    });
    ({ secret } = await endpoints.create(
      { memberId: null, requestId: 'fault-test' },
      {
        integrationId: integration.integrationId,
        url: `http://127.0.0.1:${port}/hook`,
        eventTypes: [],
      },
    ));
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => newCustomer(db, `fault_${i}_${randomUUID().slice(0, 6)}`)),
    );
    const changes = createChanges(db);
    const expected = new Map<number, string[]>();
    const decide = async (customerId: number, n: number) =>
      changes.run({ memberId: null, requestId: `fault-${randomUUID()}` }, async () => ({
        result: null,
        change: {
          entity: 'customer_restriction',
          action: n % 2 ? 'lift' : 'add',
          entityId: customerId * 100 + n,
          customerId,
          before: null,
          after: { n },
        },
      }));
    // The decisions of different customers overlap; one customer's are made one after another.
    const making = Promise.all(
      customers.map(async (c) => {
        for (let n = 0; n < PER_CUSTOMER; n++) await decide(c.id, n);
      }),
    );
    await until(() => seen.filter((s) => s.acknowledged).length >= 10, '10 deliveries', {
      timeoutMs: 30_000,
    });
    nodes[0]!.process.kill('SIGKILL');
    await making;
    nodes[0] = await startTestServer({ database, env });
    const { rows: events } = await owner.query<{ id: string; customer_id: number }>(
      // Only this test's customers: the expiry job may announce a seeded restriction meanwhile.
      'SELECT id, customer_id FROM outbox_events WHERE customer_id = ANY($1) ORDER BY position',
      [customers.map((c) => c.id)],
    );
    for (const e of events) expected.set(e.customer_id, [...(expected.get(e.customer_id) ?? []), e.id]);
    expect(events).toHaveLength(CUSTOMERS * PER_CUSTOMER);
    await until(
      async () => {
        const { rows } = await owner.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered' AND customer_id = ANY($1)",
          [customers.map((c) => c.id)],
        );
        return rows[0]!.n === events.length;
      },
      'every delivery recorded delivered',
      { timeoutMs: 120_000, everyMs: 100 },
    );
    expect(seen.every((s) => s.signed)).toBe(true);
    const mine = new Set(customers.map((c) => c.id));
    // In order: a customer's event is never sent before the one before it was acknowledged.
    for (const [customer, ids] of expected) {
      const received = seen.filter((s) => s.customer === customer);
      const acknowledgedOrder = [...new Set(received.filter((s) => s.acknowledged).map((s) => s.id))];
      expect(acknowledgedOrder).toEqual(ids);
      let done = 0;
      for (const s of received) {
        const at = ids.indexOf(s.id);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(at).toBeLessThanOrEqual(done);
        if (s.acknowledged && at === done) done++;
      }
    }
    const attempts = seen.filter((s) => mine.has(s.customer)).length;
    expect(attempts).toBeGreaterThan(events.length); // the faults did happen
  }, 240_000);
});
