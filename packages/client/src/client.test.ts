import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INGEST_BATCH_LIMIT } from '@backdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackdeskClient } from './client.ts';
import { BackdeskError } from './errors.ts';

// The client against a tiny local server that answers as the contract says (the events feed, the
// refusals, the faults); docs/integration.md's calls against a started Backdesk are in the server's
// tests (modules/platform/integrations/client-package.test.ts).
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void;
let baseUrl: string;
const server = createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const one = { method: req.method!, url: req.url!, headers: req.headers, body };
  seen.push(one);
  answer(one, res);
});
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const refusal = (code: string, statusCode: number, message = code) => ({
  success: false,
  status: 'error',
  statusCode,
  code,
  message,
});

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen = [];
});

const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 50 };
const client = (over: Parameters<typeof createBackdeskClient>[0] extends infer O ? Partial<O> : never = {}) =>
  createBackdeskClient({ baseUrl, apiKey: 'bdk_test', retry: fast, ...over });

const event = (n: number) => ({
  id: `evt_${String(n).padStart(16, '0')}`,
  type: 'restriction.added',
  timestamp: '2026-12-02T10:15:00.000Z',
  data: {
    customer: { id: n, externalId: `u-${n}` },
    subject: { kind: 'restriction', id: String(n), externalId: null },
    changes: {},
    actor: { kind: 'system', id: null, name: null },
  },
});

/** A feed of `total` events, cursors the last id handed out, as GET /api/v1/events answers. */
function feed(total: number) {
  return (req: Seen, res: ServerResponse) => {
    const url = new URL(req.url, 'http://x');
    const after = Number(url.searchParams.get('after') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const ids = Array.from({ length: Math.max(0, Math.min(limit, total - after)) }, (_, i) => after + i + 1);
    json(res, 200, {
      events: ids.map(event),
      next: String(ids.at(-1) ?? after),
      hasMore: after + ids.length < total,
    });
  };
}

describe('the events feed', () => {
  it('reads a page with the key, from a cursor, typed', async () => {
    answer = feed(5);
    const page = await client().events({ after: '2', limit: 2 });
    expect(page.events.map((e) => e.id)).toEqual([event(3).id, event(4).id]);
    expect(page).toMatchObject({ next: '4', hasMore: true });
    expect(seen[0]!.url).toBe('/api/v1/events?after=2&limit=2');
    expect(seen[0]!.headers.authorization).toBe('Bearer bdk_test');
  });

  it('iterates every event once, page after page, and stops when caught up', async () => {
    answer = feed(7);
    const ids: string[] = [];
    for await (const e of client().eachEvent({ limit: 3 })) ids.push(e.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => event(n).id));
    expect(seen.map((s) => new URL(s.url, 'http://x').searchParams.get('after'))).toEqual([null, '3', '6']);
  });

  it('follows the feed as events arrive, resuming from each next, until aborted', async () => {
    let more = true;
    answer = feed(2);
    const stop = new AbortController();
    const ids: string[] = [];
    for await (const page of client().eventPages({ follow: true, pollIntervalMs: 10, signal: stop.signal })) {
      ids.push(...page.events.map((e) => e.id));
      if (more) answer = feed(4);
      else stop.abort();
      more = false;
    }
    expect(ids).toEqual([1, 2, 3, 4].map((n) => event(n).id));
  });

  it('refuses an answer that is not what the contract describes', async () => {
    answer = (_req, res) => json(res, 200, { events: [{ id: 'nope' }], next: '1', hasMore: false });
    await expect(client().events()).rejects.toMatchObject({ code: 'UNEXPECTED_ANSWER', status: 200 });
  });
});

const ingested = (n: number) => ({
  received: n,
  applied: n,
  unchanged: 0,
  stale: 0,
  refused: 0,
  results: Array.from({ length: n }, (_, index) => ({ index, externalId: `c${index}`, status: 'applied' })),
});
const customer = (i: number) => ({
  externalId: `c${i}`,
  version: 1,
  userName: `user${i}`,
  status: 'active' as const,
  kycType: 'kyc' as const,
});

describe('ingestion', () => {
  it('retries 5xx, 429 and dropped connections with the same Idempotency-Key', async () => {
    const faults = [
      (res: ServerResponse) => json(res, 503, refusal('INTERNAL', 503)),
      (res: ServerResponse) => json(res, 429, refusal('TOO_MANY_REQUESTS', 429), { 'retry-after': '0' }),
      (res: ServerResponse) => res.socket?.destroy(),
    ];
    answer = (_req, res) => (faults.shift() ?? ((r: ServerResponse) => json(r, 200, ingested(2))))(res);
    const result = await client().ingest.customers([customer(0), customer(1)]);
    expect(result.applied).toBe(2);
    expect(seen).toHaveLength(4);
    const keys = new Set(seen.map((s) => s.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[\w.:-]{8,200}$/);
    expect(JSON.parse(seen[0]!.body)).toHaveLength(2);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it("waits as long as a 429's Retry-After says before trying again", async () => {
    let first = true;
    answer = (_req, res) => {
      if (first) json(res, 429, refusal('TOO_MANY_REQUESTS', 429), { 'retry-after': '1' });
      else json(res, 200, ingested(1));
      first = false;
    };
    const started = Date.now();
    await client({ retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5000 } }).ingest.customers(customer(0));
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up after its retries with the last refusal, typed', async () => {
    answer = (_req, res) => json(res, 503, refusal('INTERNAL', 503, 'Something went wrong'));
    const error = await client()
      .ingest.customers(customer(0))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackdeskError);
    expect(error).toMatchObject({ code: 'INTERNAL', status: 503 });
    expect(seen).toHaveLength(1 + fast.retries);
  });

  it('never retries an answer to the request itself (a 4xx)', async () => {
    answer = (_req, res) =>
      json(res, 403, { ...refusal('API_SCOPE_MISSING', 403), params: { scope: 'ingest:customers' } });
    await expect(
      client().ingest.customers(customer(0), { idempotencyKey: 'mine-0001' }),
    ).rejects.toMatchObject({
      code: 'API_SCOPE_MISSING',
      status: 403,
      params: { scope: 'ingest:customers' },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['idempotency-key']).toBe('mine-0001');
    expect(JSON.parse(seen[0]!.body)).toEqual(customer(0));
  });

  it('sends a large batch as NDJSON, one item a line, and refuses one over the limit unsent', async () => {
    answer = (req, res) => json(res, 200, ingested(req.body.split('\n').length));
    const items = Array.from({ length: 1000 }, (_, i) => customer(i));
    expect((await client().ingest.customers(items)).received).toBe(1000);
    expect(seen[0]!.headers['content-type']).toBe('application/x-ndjson');
    expect(JSON.parse(seen[0]!.body.split('\n')[999]!)).toEqual(customer(999));
    await client().ingest.customers(items.slice(0, 2), { format: 'ndjson' });
    expect(seen[1]!.headers['content-type']).toBe('application/x-ndjson');
    const tooMany = Array.from({ length: INGEST_BATCH_LIMIT + 1 }, (_, i) => customer(i));
    await expect(client().ingest.customers(tooMany)).rejects.toMatchObject({
      code: 'BATCH_TOO_LARGE',
      status: null,
    });
    expect(seen).toHaveLength(2);
  });

  it('times a silent server out, and retries it', async () => {
    answer = () => {};
    const started = Date.now();
    await expect(
      client({ timeoutMs: 100, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } }).whoami(),
    ).rejects.toMatchObject({ code: 'TIMEOUT', status: null });
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});

const withdrawal = {
  withdrawalId: 'wd_1',
  customer: { externalId: 'u-1' },
  asset: 'USDT' as const,
  network: 'TRC20',
  amount: '10',
  toAddress: 'TXYZ',
};

describe('checks fail closed', () => {
  it('holds the withdrawal as review when no answer comes within the deadline', async () => {
    answer = () => {};
    const started = Date.now();
    const result = await client({ checkTimeoutMs: 300 }).checkWithdrawal(withdrawal);
    const took = Date.now() - started;
    expect(result).toMatchObject({ failedClosed: true, decision: 'review', checkId: null });
    if (result.failedClosed) expect(result.error.code).toBe('TIMEOUT');
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
  });

  it('holds it as review on any answer that is not a 200, retrying a 5xx while the deadline lasts', async () => {
    answer = (_req, res) => json(res, 404, refusal('CUSTOMER_NOT_FOUND', 404));
    const notFound = await client().checkP2p({
      tradeId: 't1',
      customer: { id: 1 },
      offerId: '5b0c7e2e-3f4a-4b1e-9d8c-2f6a1e0b7c11',
      amount: '5',
    });
    expect(notFound).toMatchObject({ failedClosed: true, decision: 'review' });
    if (notFound.failedClosed)
      expect(notFound.error).toMatchObject({ code: 'CUSTOMER_NOT_FOUND', status: 404 });
    expect(seen).toHaveLength(1);
    seen = [];
    let failures = 1;
    answer = (_req, res) =>
      failures-- > 0
        ? json(res, 502, refusal('INTERNAL', 502))
        : json(res, 200, {
            checkId: 'chk_1',
            decision: 'allow',
            reasons: [],
            evaluatedAt: '2026-12-02T10:15:00.000Z',
            reviewId: null,
          });
    expect(await client().checkWithdrawal(withdrawal)).toMatchObject({
      failedClosed: false,
      decision: 'allow',
    });
    expect(seen).toHaveLength(2);
  });

  it('uses the contract timeout by default', async () => {
    answer = () => {};
    const started = Date.now();
    const result = await client().checkWithdrawal(withdrawal);
    expect(result.decision).toBe('review');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1990);
    expect(took).toBeLessThan(3500);
  });
});
