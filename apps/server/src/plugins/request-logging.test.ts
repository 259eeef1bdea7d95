import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/auth-client.ts';
import { sessionHeaders } from '../../test/roles.ts';
import { createTestDatabase, TEST_ENV, type TestDatabase } from '../../test/test-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { redactUrl } from './request-logging.ts';

let database: TestDatabase;
let pool: ReturnType<typeof createPool>;
let db: Db;
let app: FastifyInstance;
let logged = '';

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.appUrl, 2);
  db = createDb(pool);
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logged += chunk.toString();
  });
  const config = loadConfig({ ...TEST_ENV, LOG_LEVEL: 'info', DATABASE_URL: database.appUrl });
  app = await buildApp({ config, db, secret: 'test-secret-'.padEnd(40, 'x'), logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await database.drop();
});

describe('the request log', () => {
  it('holds no search text, email, phone, token, password, cookie or Idempotency-Key', async () => {
    const secrets = {
      email: 'ayse.yilmaz@example.com',
      phone: '+905551234567',
      search: 'Yılmaz Ayşe',
      password: 'correct-horse-battery',
      idempotencyKey: 'idem-key-5f0c1e2d',
    };
    const headers = await sessionHeaders({ db, clock: systemClock }, 'manager');
    const signIn = await login(app, 'admin', secrets.password);
    const { token, refreshToken } = (await login(app, 'manager')).json();
    const requests = [
      `/api/customers/get-users?search=${encodeURIComponent(secrets.email)}&status=active`,
      `/api/customers/get-users?search=${encodeURIComponent(secrets.phone)}`,
      `/api/customers/get-users?search=${encodeURIComponent(secrets.search)}`,
      `/api/customers/count-users?search=${encodeURIComponent(secrets.email)}`,
      `/api/no-such-route?email=${encodeURIComponent(secrets.email)}&token=${token}`,
    ];
    for (const url of requests) await app.inject({ url, headers });
    await app.inject({
      method: 'POST',
      url: '/api/customers/notes',
      headers: { ...headers, 'idempotency-key': secrets.idempotencyKey, cookie: `auth.token=${token}` },
      payload: { customerId: 1, body: secrets.email },
    });
    await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect(signIn.statusCode).toBe(401);

    const lines = logged.trim().split('\n');
    expect(lines.filter((l) => l.includes('"request completed"')).length).toBeGreaterThanOrEqual(
      requests.length,
    );
    expect(logged).toContain('/api/customers/get-users?search=~&status=~');
    const leaked = [
      ...Object.values(secrets),
      encodeURIComponent(secrets.email),
      encodeURIComponent(secrets.phone),
      encodeURIComponent(secrets.search),
      'ayse.yilmaz',
      '905551234567',
      token,
      refreshToken,
      headers.authorization!.slice('Bearer '.length),
    ].filter((secret) => logged.includes(secret));
    expect(leaked).toEqual([]);
  });
});

describe('redactUrl', () => {
  it('keeps the path and the names of the query, never a value', () => {
    expect(redactUrl('/api/customers/get-users')).toBe('/api/customers/get-users');
    expect(redactUrl('/a?search=x%40y.com&sort=name&flag&=v&')).toBe('/a?search=~&sort=~&flag=~&=~');
  });
});
