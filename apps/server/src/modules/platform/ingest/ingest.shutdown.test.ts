import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { publicApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../test/eventually.ts';
import { createTestDatabase, TEST_ENV, type TestDatabase } from '../../../../test/test-server.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/config.ts';
import { createDb, createPool, type Db } from '../../../db/client.ts';
import { systemClock } from '../../../lib/clock.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';

// Issue 36: a node closing (SIGTERM → app.close → pools ended) under a batch still being applied
// answers it 503 SHUTTING_DOWN with Retry-After, not 500; nothing of the batch is kept, and its
// retry with the same Idempotency-Key — on the next node — applies it once.
let database: TestDatabase;
let pool: ReturnType<typeof createPool>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.appUrl, 4);
  db = createDb(pool);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

/** A node of its own on the file's database: the one that shuts down, then the one the retry reaches. */
async function startNode(): Promise<FastifyInstance> {
  const config = loadConfig({ ...TEST_ENV, DATABASE_URL: database.appUrl });
  const app = await buildApp({ config, db, secret: 'test-secret-'.padEnd(40, 'x'), clock: systemClock });
  await app.ready();
  return app;
}

const count = async (ids: string[]) =>
  (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE external_id = ANY(${sql.param(ids)}::text[])`,
    )
  ).rows[0]!.n;

/** Valid deposits of a seeded customer, one per id. */
async function deposits(ids: string[]) {
  const { rows } = await db.execute<{ external_id: string }>(
    sql`SELECT external_id FROM customers WHERE external_id IS NOT NULL ORDER BY id LIMIT 1`,
  );
  return ids.map((externalId) => ({
    externalId,
    version: 1,
    customerExternalId: rows[0]!.external_id,
    type: 'deposit',
    asset: 'TRY',
    network: 'BANK',
    amount: '10.5',
    status: 'completed',
    createdAt: '2026-12-01T10:00:00Z',
  }));
}

describe('a batch in flight when its node shuts down', () => {
  it('is answered 503 SHUTTING_DOWN with Retry-After, rolled back, and applied once on retry', {
    timeout: 60_000,
  }, async () => {
    const { key } = await createTestIntegration(db, { scopes: ['ingest:wallet'] });
    const ids = Array.from({ length: 50 }, () => `shutdown_${randomUUID()}`);
    const payload = JSON.stringify(await deposits(ids));
    const idempotencyKey = randomUUID();
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: publicApi.ingestWalletTransactions.path,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        payload,
      });

    // The batch is held mid-transaction: its insert waits for this lock while the node closes.
    const blocker = await pool.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE wallet_transactions IN SHARE ROW EXCLUSIVE MODE');
    const first = await startNode();
    let closed: Promise<undefined> | undefined;
    let res: Awaited<ReturnType<typeof send>>;
    try {
      const inFlight = send(first);
      // The ingestion thread starts on the first batch (tsx compiles it): given time on a busy machine.
      await until(
        async () => {
          const { rows } = await blocker.query(
            `SELECT 1 FROM pg_locks WHERE relation = 'wallet_transactions'::regclass AND NOT granted`,
          );
          return rows.length > 0;
        },
        'the batch to wait on the lock',
        { timeoutMs: 30_000, everyMs: 20 },
      );
      closed = first.close();
      res = await inFlight;
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
      await (closed ?? first.close());
    }

    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(await count(ids)).toBe(0);

    const next = await startNode();
    try {
      const retried = await send(next);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ received: 50, applied: 50 });
      const again = await send(next);
      expect(again.json()).toEqual(retried.json());
      expect(await count(ids)).toBe(50);
    } finally {
      await next.close();
    }
  });
});

/** Every response a raw socket received until the server closed it: status, headers, body. */
function responses(raw: string) {
  return raw
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter(Boolean)
    .map((part) => {
      const [head = '', body = ''] = part.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      return { status: Number(statusLine.split(' ')[1]), headers, body };
    });
}

describe('a request on a kept-alive connection while its node closes', () => {
  it('is answered 503 SHUTTING_DOWN in the API shape, with Retry-After and Connection: close', {
    timeout: 60_000,
  }, async () => {
    const { key } = await createTestIntegration(db, { scopes: ['ingest:wallet'] });
    const payload = JSON.stringify(await deposits([`shutdown_${randomUUID()}`]));
    const blocker = await pool.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE wallet_transactions IN SHARE ROW EXCLUSIVE MODE');
    const node = await startNode();
    let closed: Promise<undefined> | undefined;
    try {
      await node.listen({ port: 0, host: '127.0.0.1' });
      const { port } = node.server.address() as { port: number };
      // Fastify closes the HTTP server once its preClose hooks have run: from then on it is closing.
      let serverClosing!: () => void;
      const closingStarted = new Promise<void>((resolve) => {
        serverClosing = resolve;
      });
      const closeServer = node.server.close.bind(node.server);
      node.server.close = (callback) => {
        serverClosing();
        return closeServer(callback);
      };

      const socket = connect(port, '127.0.0.1');
      let raw = '';
      socket.on('data', (chunk) => {
        raw += chunk.toString('utf8');
      });
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // The first request holds the connection: its batch waits on the lock while the node closes.
      socket.write(
        `POST ${publicApi.ingestWalletTransactions.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      );
      await until(
        async () =>
          (
            await blocker.query(
              `SELECT 1 FROM pg_locks WHERE relation = 'wallet_transactions'::regclass AND NOT granted`,
            )
          ).rows.length > 0,
        'the batch to wait on the lock',
        { timeoutMs: 30_000, everyMs: 20 },
      );
      closed = node.close();
      await closingStarted;
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await blocker.query('ROLLBACK');
      await ended;

      const second = responses(raw)[1];
      expect(second?.status).toBe(503);
      expect(second?.headers['retry-after']).toBe('1');
      expect(second?.headers.connection).toBe('close');
      expect(second?.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(second?.body ?? '{}')).toMatchObject({ code: 'SHUTTING_DOWN' });
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
      await (closed ?? node.close());
    }
  });
});
