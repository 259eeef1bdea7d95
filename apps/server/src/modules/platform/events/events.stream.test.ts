import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../test/eventually.ts';
import { sessionHeaders } from '../../../../test/roles.ts';
import { createTestDatabase, TEST_ENV, type TestDatabase } from '../../../../test/test-server.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/config.ts';
import { createDb, createPool, type Db } from '../../../db/client.ts';
import { systemClock } from '../../../lib/clock.ts';
import { publishEvent } from './events.repository.ts';
import { openSse, type SseMessage } from './sse-client.ts';

/** Two nodes of one deployment: two apps, two pools, one database. */
let database: TestDatabase;
const nodes: { app: FastifyInstance; db: Db; url: string; close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (let n = 0; n < 2; n++) {
    const pool = createPool(database.appUrl, 4);
    const db = createDb(pool);
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: database.appUrl });
    const app = await buildApp({ config, db, secret: 'test-secret-'.padEnd(40, 'x') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    nodes.push({
      app,
      db,
      url: `http://127.0.0.1:${port}`,
      async close() {
        await app.close();
        await pool.end();
      },
    });
  }
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await database?.drop();
});

const topicsOf = (messages: SseMessage[]) =>
  messages.map((m) => JSON.parse(m.data) as { id?: number; topic: string; data: Record<string, unknown> });

describe('live events across nodes', () => {
  it('an event raised on node A reaches a client on node B, only for its audience', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const admin = await sessionHeaders({ db: b.db, clock: systemClock }, 'admin');
    const manager = await sessionHeaders({ db: b.db, clock: systemClock }, 'manager');
    const adminGot: SseMessage[] = [];
    const managerGot: SseMessage[] = [];
    const s1 = await openSse(`${b.url}/api/events/stream`, admin, (m) => adminGot.push(m));
    const s2 = await openSse(`${b.url}/api/events/stream`, manager, (m) => managerGot.push(m));
    expect(s1.status).toBe(200);
    // A withdrawal put under review on node A and given to the admin (its triggers raise the events
    // in that transaction).
    await a.db.transaction(async (tx) => {
      const c = await tx.execute<{ id: number }>(
        sql`INSERT INTO customers (user_name) VALUES ('sse-a') RETURNING id`,
      );
      const w = await tx.execute<{ id: number }>(sql`
        INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status)
        VALUES (${c.rows[0]!.id}, 'withdrawal', 'BTC', 'BTC', '0.5', 'under_review') RETURNING id`);
      await tx.execute(sql`
        UPDATE work_items SET assignee_id = (SELECT id FROM staff_members WHERE user_name = 'admin')
        WHERE source_ref = ${`wallet_transaction:${w.rows[0]!.id}`}`);
    });
    await until(() => topicsOf(adminGot).some((e) => e.topic === 'inbox'));
    await until(() => topicsOf(managerGot).some((e) => e.topic === 'withdrawals'));
    // The list and the queues' counts refresh for everyone; the inbox event is the assignee's alone.
    expect(topicsOf(managerGot).some((e) => e.topic === 'queues')).toBe(true);
    expect(topicsOf(managerGot).some((e) => e.topic === 'inbox')).toBe(false);
    expect(topicsOf(adminGot).find((e) => e.topic === 'inbox')?.data).toMatchObject({ action: 'assigned' });
    s1.close();
    s2.close();
  });

  it('a rolled-back change raises nothing', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const admin = await sessionHeaders({ db: b.db, clock: systemClock }, 'admin');
    const got: SseMessage[] = [];
    const s = await openSse(`${b.url}/api/events/stream`, admin, (m) => got.push(m));
    await a.db
      .transaction(async (tx) => {
        await publishEvent(tx, { topic: 'p2p', audience: null, data: { n: 'rolled back' } });
        throw new Error('undo');
      })
      .catch(() => {});
    await a.db.transaction((tx) => publishEvent(tx, { topic: 'p2p', audience: null, data: { n: 'kept' } }));
    await until(() => got.length > 0);
    expect(topicsOf(got).map((e) => e.data.n)).toEqual(['kept']);
    s.close();
  });

  it('a client reconnecting with Last-Event-ID to the other node loses nothing', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const admin = await sessionHeaders({ db: a.db, clock: systemClock }, 'admin');
    const first: SseMessage[] = [];
    const s = await openSse(`${a.url}/api/events/stream`, admin, (m) => first.push(m));
    await a.db.transaction((tx) => publishEvent(tx, { topic: 'p2p', audience: null, data: { n: 1 } }));
    await until(() => first.length === 1);
    s.close();
    await s.closed;
    // Raised while the client is away, some for it and one for somebody else.
    for (const n of [2, 3, 4])
      await b.db.transaction((tx) =>
        publishEvent(tx, { topic: 'inbox', audience: n === 3 ? [999999] : null, data: { n } }),
      );
    const second: SseMessage[] = [];
    const r = await openSse(`${b.url}/api/events/stream`, { ...admin, 'last-event-id': first[0]!.id! }, (m) =>
      second.push(m),
    );
    await a.db.transaction((tx) => publishEvent(tx, { topic: 'p2p', audience: null, data: { n: 5 } }));
    await until(() => topicsOf(second).some((e) => e.data.n === 5));
    // The replay also repeats the last seconds' events (commits land out of id order); the client
    // keeps those past the last id it had.
    const after = Number(first[0]!.id);
    const fresh = topicsOf(second.filter((m) => Number(m.id) > after));
    expect(fresh.map((e) => e.data.n)).toEqual([2, 4, 5]);
    r.close();
  });

  it('refuses a stream without a session, and a malformed Last-Event-ID', async () => {
    const [a] = nodes as [(typeof nodes)[0]];
    expect((await a.app.inject({ url: '/api/events/stream' })).statusCode).toBe(401);
    const admin = await sessionHeaders({ db: a.db, clock: systemClock }, 'admin');
    const bad = await a.app.inject({
      url: '/api/events/stream',
      headers: { ...admin, 'last-event-id': 'x1' },
    });
    expect(bad.statusCode).toBe(400);
    // support holds no panel role: its session is no session of the panel.
    const support = await sessionHeaders({ db: a.db, clock: systemClock }, 'support');
    expect((await a.app.inject({ url: '/api/events/stream', headers: support })).statusCode).toBe(401);
  });

  it('answers HEAD with the headers of a stream at once, and holds no stream for it', async () => {
    const [a] = nodes as [(typeof nodes)[0]];
    const admin = await sessionHeaders({ db: a.db, clock: systemClock }, 'admin');
    const url = `${a.url}/api/events/stream`;
    // More than the streams one member may hold: none of them is counted.
    for (let i = 0; i < 10; i++) {
      const head = await fetch(url, { method: 'HEAD', headers: admin, signal: AbortSignal.timeout(3000) });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
    }
    const opened = new AbortController();
    const get = await fetch(url, { headers: admin, signal: opened.signal });
    expect(get.status).toBe(200);
    opened.abort();
  });

  it('ends every stream at shutdown (drain)', async () => {
    const [, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const admin = await sessionHeaders({ db: b.db, clock: systemClock }, 'admin');
    const s = await openSse(`${b.url}/api/events/stream`, admin, () => {});
    await b.app.drain.drain();
    await s.closed;
  });
});
