// The yardstick of bench:load's pairs (docs/decisions/0029-request-cost.md): the customer list's first
// page served by the least a Node server can do for it — plain Fastify and pg, no Drizzle, no plugin
// but the compression the real server has. It does the same work as the real server for the same
// request: the session lookup and the page as named prepared statements of the same text, the
// member's list request counted in request_counts, the rows mapped by the same function, the answer
// written as byte-identical JSON (bench:load compares them), compressed with the same options, and
// the real server's response headers written as fixed strings. Not a server of the product: it
// serves the one request bench:load sends it, on the database of a running real server.
//   node --import tsx apps/server/scripts/bench-load-minimal.ts   (DATA_DIR or DATABASE_URL, PORT)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CRM_MESSAGES, hasPanelAccess } from '@backdesk/contract';
import { AUTH_COOKIES } from '@backdesk/contract/auth-cookies';
import Fastify from 'fastify';
import { createPool } from '../src/db/client.ts';
import { type CustomerRow, toCustomer } from '../src/modules/crm/customers/customer-mapping.ts';
import { defaultPageStatement } from '../src/modules/crm/customers/customers.repository.ts';
import { SESSION_LOOKUP } from '../src/modules/platform/auth/sessions.repository.ts';
import { TWO_FACTOR_REQUIRED_KEY } from '../src/modules/platform/auth/sign-in-gate.ts';
import { registerCompression } from '../src/plugins/compression.ts';

/** The real server's headers on an API answer, as it sends them (security.ts, helmet's defaults). */
export const MINIMAL_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

/** The embedded database of a running server's data folder: its socket, port and password. */
function embeddedUrl(dataDir: string): string {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const [port, socketDir] = [lines[3]!.trim(), lines[4]!.trim()];
  const { pgPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    pgPassword: string;
  };
  const host = encodeURIComponent(socketDir || '127.0.0.1');
  return `postgres://postgres:${encodeURIComponent(pgPassword)}@${host}:${port}/backdesk`;
}

const url = process.env.DATABASE_URL ?? embeddedUrl(process.env.DATA_DIR ?? 'data');
// The real server's pools: the app's 10 connections, and the request counter's 2 without durable commits.
const pool = createPool(url, 10);
const counterPool = createPool(url, 2, { durableCommits: false });

// The texts the real server prepares, taken once from its own builders; Drizzle is not used after this.
const lookup = SESSION_LOOKUP.query;
const LOOKUP = { name: SESSION_LOOKUP.name, text: lookup.sql, rowMode: 'array' as const };
const lookupValues = (hash: Buffer) =>
  lookup.params.map((p) => (typeof p === 'string' ? p : hash)) as unknown[];
if (!lookup.params.includes(TWO_FACTOR_REQUIRED_KEY)) throw new Error('the session lookup changed shape');

const COUNT = {
  name: 'request-counts-take',
  text: `INSERT INTO request_counts (window_start, bucket, subject, hits) VALUES ($1, $2, $3, 1)
               ON CONFLICT (window_start, bucket, subject) DO UPDATE SET hits = request_counts.hits + 1
               RETURNING hits`,
};

const pages = new Map<number, { name: string; text: string }>();
const pageStatement = (limit: number) => {
  let statement = pages.get(limit);
  if (!statement) {
    statement = defaultPageStatement(limit + 1);
    pages.set(limit, statement);
  }
  return statement;
};

const accessToken = (cookie: string | undefined) => {
  const prefix = `${AUTH_COOKIES.access}=`;
  for (const part of (cookie ?? '').split(';')) {
    const pair = part.trim();
    if (pair.startsWith(prefix)) return decodeURIComponent(pair.slice(prefix.length));
  }
  return undefined;
};

const encodeCursor = (row: CustomerRow & { sort_value: string }) =>
  Buffer.from(JSON.stringify({ k: [row.sort_value, Number(row.id)], d: 'next' })).toString('base64url');

const app = Fastify({ logger: false });
await registerCompression(app);

app.get('/api/customers/get-users', async (request, reply) => {
  const token = accessToken(request.headers.cookie);
  if (!token) return reply.code(401).headers(MINIMAL_HEADERS).send('{"code":"AUTHENTICATION_REQUIRED"}');
  const hash = createHash('sha256').update(token).digest();
  const { rows } = await pool.query<unknown[]>({ ...LOOKUP, values: lookupValues(hash) });
  const found = rows[0];
  // The session check's fields, in SESSION_LOOKUP's order (sessions.repository.ts): kind, token expiry,
  // used, session id, session expiry, revoked, last seen, member id … roles, status.
  const now = Date.now();
  if (
    found?.[0] !== 'access' ||
    found[5] !== null ||
    new Date(found[1] as string).getTime() <= now ||
    new Date(found[4] as string).getTime() <= now ||
    found[12] !== 'active' ||
    !hasPanelAccess(found[11] as string[])
  )
    return reply.code(401).headers(MINIMAL_HEADERS).send('{"code":"INVALID_TOKEN"}');
  const windowStart = now - (now % 60_000);
  await counterPool.query({ ...COUNT, values: [new Date(windowStart), 'member lists', String(found[7])] });

  const limit = Number((request.query as { limit?: string }).limit ?? 50);
  const page = await pool.query<CustomerRow & { sort_value: string }>(pageStatement(limit));
  const items = page.rows.slice(0, limit);
  const last = items.at(-1);
  const body = JSON.stringify({
    success: true,
    statusCode: 200,
    message: CRM_MESSAGES.customersFetched,
    users: items.map(toCustomer),
    nextCursor: page.rows.length > limit && last ? encodeCursor(last) : null,
    prevCursor: null,
  });
  return reply.headers(MINIMAL_HEADERS).send(body);
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`minimal handler is listening on ${address}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void app
      .close()
      .then(() => Promise.all([pool.end(), counterPool.end()]))
      .finally(() => process.exit(0));
  });
