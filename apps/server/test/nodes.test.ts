import fs from 'node:fs';
import path from 'node:path';
import { savedViewsApi } from '@backdesk/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { LOG_SEAL_JOB } from '../src/modules/logs/access-log/access-log.module.ts';
import { createMembersService } from '../src/modules/settings/members/members.service.ts';
import { eventually, until } from './eventually.ts';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from './test-server.ts';

/**
 * Three real server processes over one PostgreSQL (docs/decisions/0011-several-nodes.md): whatever
 * must agree between requests agrees whichever node answers.
 */
let database: TestDatabase;
let owner: pg.Pool;
let nodes: TestServer[] = [];
const [A, B, C] = [0, 1, 2];
const url = (node: number, p: string) => `${nodes[node]!.url}${p}`;

beforeAll(async () => {
  // A bare database: the three nodes start together and must migrate it once between them.
  database = await createTestDatabase({ empty: true });
  const started = await Promise.allSettled(
    [0, 1, 2].map(() =>
      startTestServer({
        database,
        // A seal schedule that fires on no day of the test, so only the run it starts itself shows;
        // info, so each run says it ran.
        env: { LOG_SEAL_SCHEDULE: '0 0 1 1 *', LOG_LEVEL: 'info' },
      }),
    ),
  );
  // The nodes that did start are stopped by afterAll even when another did not.
  nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  owner = createPool(database.url, 2);
  await createMembersService(createDb(owner)).seedDemoMembers();
}, 150_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await owner?.end();
  await database?.drop();
});

async function solvedCaptcha(node: number): Promise<string> {
  const res = await fetch(url(node, '/api/auth/captcha'));
  const challenge = (await res.json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function login(node: number, user_name: string, password: string, captchaToken?: string) {
  const res = await fetch(url(node, '/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name, password, captchaToken: captchaToken ?? (await solvedCaptcha(node)) }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { status: res.status, body: (await res.json()) as Record<string, string>, cookie };
}

const credentials = async (node: number, headers: Record<string, string>) => {
  const res = await fetch(url(node, '/api/auth/credentials'), { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('several nodes over one PostgreSQL', () => {
  it('migrated once, though the nodes started together', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const { rows } = await owner.query<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
    );
    expect(rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
    const queue = await owner.query<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT id)::int AS distinct FROM graphile_worker.migrations',
    );
    expect(queue.rows[0]!.n).toBe(queue.rows[0]!.distinct);
    for (const node of [A, B, C]) expect((await fetch(url(node, '/readyz'))).status).toBe(200);
  });

  it('keeps a session signed in on A good on B, and refuses it on C once A signed it out', async () => {
    const signedIn = await login(A, 'manager', 'backdesk-demo');
    expect(signedIn.status).toBe(200);
    const bearer = { authorization: `Bearer ${signedIn.body.token}` };
    expect(await credentials(B, bearer)).toMatchObject({ status: 200, body: { user_name: 'manager' } });
    const out = await fetch(url(A, '/api/auth/signout'), {
      method: 'POST',
      headers: { cookie: signedIn.cookie },
    });
    expect(out.status).toBe(200);
    expect(await credentials(C, bearer)).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
    expect(await credentials(B, { cookie: signedIn.cookie })).toMatchObject({ status: 401 });
  });

  it('counts sign-in failures across nodes', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(i % 3, 'admin', 'not the password')).status).toBe(401);
    }
    const sixth = await login(C, 'admin', 'backdesk-demo');
    expect(sixth).toMatchObject({ status: 429, body: { code: 'TOO_MANY_ATTEMPTS' } });
  });

  it('accepts a solved captcha once, on whichever node', async () => {
    const token = await solvedCaptcha(A);
    expect((await login(B, 'super', 'backdesk-demo', token)).status).toBe(200);
    const replay = await login(C, 'super', 'backdesk-demo', token);
    expect(replay).toMatchObject({ status: 400, body: { code: 'CAPTCHA_INVALID' } });
  });

  it("registers the app's schedules on every node and runs their job on one of them", async () => {
    // Once per period across runners is jobs.test.ts's (its clock moves; these processes' cannot):
    // here, the nodes know the schedule and a due seal job runs once, on whichever node takes it.
    const known = await owner.query<{ identifier: string }>(
      'SELECT identifier FROM graphile_worker._private_known_crontabs',
    );
    expect(known.rows.map((r) => r.identifier)).toContain(LOG_SEAL_JOB);
    // The earlier tests signed in, so the access log has rows to seal.
    const lines = () =>
      nodes.map((n) =>
        n
          .output()
          .split('\n')
          .filter((l) => l.includes('log chains sealed')),
      );
    const before = lines().map((l) => l.length);
    await owner.query(`SELECT graphile_worker.add_job($1::text, '{}'::json)`, [LOG_SEAL_JOB]);
    await until(
      async () => {
        const { rows } = await owner.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1`,
          [LOG_SEAL_JOB],
        );
        return rows[0]!.n === 0 && lines().some((l, n) => l.length > before[n]!);
      },
      'the seal job to run',
      { timeoutMs: 30_000, everyMs: 100 },
    );
    const ran = lines().map((l, n) => l.length - before[n]!);
    expect(ran.reduce((a, b) => a + b)).toBe(1);
    const { rows } = await owner.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM log_checkpoints WHERE kind = 'seal'",
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('drains on SIGTERM: not ready first, still serving, then a clean exit', async () => {
    const node = await startTestServer({ database, env: { DRAIN_DELAY_SECONDS: '2' } });
    try {
      expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
      const exited = new Promise<number | null>((r) => node.process.once('exit', (code) => r(code)));
      node.process.kill('SIGTERM');
      await eventually(
        async () => {
          const ready = await fetch(`${node.url}/readyz`);
          expect([ready.status, await ready.text()]).toEqual([503, 'draining\n']);
        },
        { timeoutMs: 1_000, everyMs: 50 },
      );
      expect((await fetch(`${node.url}/api/auth/captcha`)).status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      await node.stop();
    }
  });

  it('loses no acknowledged write when a node is killed mid-request', async () => {
    const { body } = await login(A, 'super', 'backdesk-demo');
    const headers = { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' };
    const acknowledged: string[] = [];
    let sent = 0;
    const writer = async () => {
      while (sent < 400) {
        // Spread over the lists, each of which keeps 50 views a member.
        const n = sent++;
        const name = `kill ${n}`;
        try {
          const res = await fetch(url(C, '/api/saved-views/save'), {
            method: 'POST',
            headers,
            body: JSON.stringify({
              list: savedViewsApi.LIST_KEYS[n % savedViewsApi.LIST_KEYS.length],
              name,
              search: { q: name },
            }),
          });
          if (res.status === 200) acknowledged.push(name);
        } catch {
          return; // the node is gone: what was in flight has no answer, so promised nothing
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    await until(() => acknowledged.length >= 40, '40 acknowledged writes', { timeoutMs: 30_000, everyMs: 5 });
    nodes[C]!.process.kill('SIGKILL');
    await writers;
    expect(acknowledged.length).toBeLessThan(400);
    const { rows } = await owner.query<{ name: string }>(
      "SELECT name FROM saved_views WHERE name LIKE 'kill %'",
    );
    const stored = new Set(rows.map((r) => r.name));
    expect(acknowledged.filter((l) => !stored.has(l))).toEqual([]);
    // The other nodes carry on.
    expect((await fetch(url(B, '/readyz'))).status).toBe(200);
  });
});
