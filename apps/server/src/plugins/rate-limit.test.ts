import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { sessionHeaders } from '../../test/roles.ts';
import { TEST_ENV } from '../../test/test-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { manualClock } from '../lib/clock.ts';

/**
 * Request limits live in PostgreSQL (docs/decisions/0007-request-limits.md): a second node on the same
 * database sees the first one's counts. The clock stands still inside a minute, then moves past it.
 */
const clock = manualClock(new Date('2026-03-02T10:00:30Z'));
const LIMITS = { LIST_REQUESTS_PER_MINUTE: '3', AUTH_REQUESTS_PER_MINUTE: '2' };
let t: TestApp;
let otherNode: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp(LIMITS, { clock });
  const config = loadConfig({ ...TEST_ENV, ...LIMITS });
  otherNode = await buildApp({ config, db: t.db, secret: 'test-secret-'.padEnd(40, 'x'), clock });
  await otherNode.ready();
});
afterAll(async () => {
  await otherNode.close();
  await t.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers }).then((res) => ({
    status: res.statusCode,
    retryAfter: res.headers['retry-after'],
    code: res.statusCode === 429 ? res.json().code : undefined,
  }));

describe('lists, per member', () => {
  it('answer 429 with Retry-After past the limit, counted across lists and nodes', async () => {
    const manager = await sessionHeaders(t, 'manager');
    expect((await get(t.app, '/api/customers/get-users', manager)).status).toBe(200);
    expect((await get(otherNode, '/api/transactions/wallet-transactions', manager)).status).toBe(200);
    expect((await get(t.app, '/api/customers/restrictions', manager)).status).toBe(200);
    expect(await get(otherNode, '/api/customers/get-users', manager)).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      retryAfter: '30',
    });

    // Another member is not held back; nor are the endpoints that are not lists.
    const admin = await sessionHeaders(t, 'admin');
    expect((await get(t.app, '/api/customers/get-users', admin)).status).toBe(200);
    expect((await get(t.app, '/api/auth/credentials', manager)).status).toBe(200);

    clock.advance(30_000);
    expect((await get(t.app, '/api/customers/get-users', manager)).status).toBe(200);
  });

  it('count a refused caller nowhere: no session, no count', async () => {
    for (let i = 0; i < 5; i++) expect((await get(t.app, '/api/customers/get-users')).status).toBe(401);
  });
});

describe('sign-in endpoints, per address', () => {
  it('share their count across nodes too', async () => {
    clock.advance(60_000);
    expect((await get(t.app, '/api/auth/captcha')).status).toBe(200);
    expect((await get(otherNode, '/api/auth/captcha')).status).toBe(200);
    expect(await get(t.app, '/api/auth/captcha')).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
  });

  it('forget the minutes that are over', async () => {
    clock.advance(120_000);
    await get(t.app, '/api/auth/captcha');
    // The sweep is not awaited by the request.
    await eventually(async () => {
      const { rows } = await t.pool.query<{ oldest: Date }>(
        'SELECT min(window_start) AS oldest FROM request_counts',
      );
      expect(rows[0]!.oldest.getTime()).toBe(clock.now().getTime() - (clock.now().getTime() % 60_000));
    });
  });
});
