import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, useTestApp } from '../../../../test/harness.ts';
import { withDatabase } from '../../../../test/test-server.ts';
import { createDb, createPool } from '../../../db/client.ts';
import { systemClock } from '../../../lib/clock.ts';
import { createAccessLogRepository } from '../../platform/access-log/access-log.repository.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { checkpointSigner } from './log-chain.ts';
import { createRetention } from './retention.ts';

/** The secret buildTestApp gives the app: checkpoints signed here verify there. */
const SECRET = 'test-secret-'.padEnd(40, 'x');

/** The test database as its owner, who may do what the app's role may not (and what an intruder would). */
async function ownerOf(t: { db: TestApp['db'] }): Promise<pg.Pool> {
  const { rows } = await t.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
  return createPool(withDatabase(process.env.BACKDESK_TEST_ADMIN_URL!, rows[0]!.name), 2);
}

/** Changes a log row behind the app's back: the owner switches the append-only trigger off. */
async function tamper(owner: pg.Pool, table: 'access_log' | 'audit_log', statement: string) {
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_append_only`);
    await client.query(statement);
    await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_append_only`);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('the access log and the audit trail', () => {
  const t = useTestApp();
  const manager = t.session('manager');
  const admin = t.session('admin');
  const superUser = t.session('super');
  let owner: pg.Pool;
  const ids: Record<string, number> = {};

  const get = (url: string, headers = manager) => t.app.inject({ url, headers });
  const list = async (query: string) => {
    const res = await get(`/api/logs/access?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: number; event: string }[]; nextCursor: string | null };
  };

  beforeAll(async () => {
    owner = await ownerOf(t);
    // Rows of a known shape on a day nobody else writes to, written as the app writes them.
    const repo = createAccessLogRepository();
    const at = (h: number) => new Date(Date.UTC(2024, 2, 10, h));
    const rows = [
      { key: 'fail1', event: 'login_failed', userName: 'mallory', ip: '203.0.113.7', at: at(1) },
      { key: 'fail2', event: 'login_failed', userName: 'mallory', ip: '203.0.113.8', at: at(2) },
      { key: 'login', event: 'login', userName: 'manager', memberId: 3, ip: '198.51.100.4', at: at(3) },
      { key: 'signout', event: 'signout', userName: 'manager', memberId: 3, ip: '2001:db8::1', at: at(4) },
    ] as const;
    for (const { key, ...row } of rows) {
      await repo.record(t.db, row);
      const { rows: last } = await t.db.execute<{ id: string }>(
        sql`SELECT max(id)::text AS id FROM access_log`,
      );
      ids[key] = Number(last[0]!.id);
    }
  });
  afterAll(() => owner?.end());

  it('filters by member, event, outcome, address and day, newest first, with keyset pages', async () => {
    const day = 'from=2024-03-10&to=2024-03-10';
    expect((await list(day)).items.map((r) => r.id)).toEqual([ids.signout, ids.login, ids.fail2, ids.fail1]);
    expect((await list(`${day}&member=MALLORY`)).items.map((r) => r.id)).toEqual([ids.fail2, ids.fail1]);
    expect((await list(`${day}&event=login`)).items.map((r) => r.id)).toEqual([ids.login]);
    expect((await list(`${day}&outcome=failure`)).items.map((r) => r.event)).toEqual([
      'login_failed',
      'login_failed',
    ]);
    expect((await list(`${day}&ip=203.0.113.8`)).items.map((r) => r.id)).toEqual([ids.fail2]);
    expect((await list(`${day}&ip=203.0.113.0/24`)).items.map((r) => r.id)).toEqual([ids.fail2, ids.fail1]);
    expect((await list(`${day}&ip=2001:db8::/32`)).items.map((r) => r.id)).toEqual([ids.signout]);
    expect((await list('from=2024-03-11&to=2024-03-11')).items).toEqual([]);

    const first = await list(`${day}&limit=3`);
    // The total is asked apart, for the filters alone: the page size and the cursor do not change it.
    expect(first).not.toHaveProperty('total');
    const total = (query: string) => get(`/api/logs/access/count?${query}`).then((r) => r.json().total);
    expect(await total(day)).toEqual({ value: 4, exact: true });
    expect(await total(`${day}&member=MALLORY`)).toEqual({ value: 2, exact: true });
    expect(await total(`${day}&ip=2001:db8::/32`)).toEqual({ value: 1, exact: true });
    const second = await list(`${day}&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.id)).toEqual([ids.fail1]);
    expect(second.nextCursor).toBeNull();
    const oldestFirst = await list(`${day}&dir=asc&limit=1`);
    expect(oldestFirst.items.map((r) => r.id)).toEqual([ids.fail1]);

    const row = (await list(`${day}&event=signout`)).items[0];
    expect(row).toEqual({
      id: ids.signout,
      at: '2024-03-10T04:00:00.000Z',
      event: 'signout',
      outcome: 'success',
      member: { id: 3, user_name: expect.any(String), display_name: expect.any(String) },
      user_name: 'manager',
      ip: '2001:db8::1',
      user_agent: null,
      detail: null,
    });
  });

  it('refuses malformed filters with 400, never 500', async () => {
    for (const query of [
      'event=planet',
      'outcome=maybe',
      'ip=999.1.1.1',
      'ip=10.0.0.0/99',
      'from=2024-02-30',
      'to=20240301',
      'limit=0',
      'limit=1e3',
      'sort=ip',
    ]) {
      const res = await get(`/api/logs/access?${query}`);
      expect([query, res.statusCode, res.json().code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    const cursor = await get('/api/logs/access?cursor=bm90LWEtY3Vyc29y');
    expect([cursor.statusCode, cursor.json().code]).toEqual([400, 'INVALID_CURSOR']);
    const audit = await get('/api/logs/audit?entity=planet');
    expect(audit.statusCode).toBe(400);
    const verify = await get('/api/logs/verify?log=everything');
    expect(verify.statusCode).toBe(400);
  });

  it('writes an access-log row for a refused export, and exports for admin', async () => {
    const refused = await get('/api/logs/access/export?format=csv', manager);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    const denied = await list('event=access_denied&member=manager&limit=1');
    expect(denied.items[0]).toMatchObject({
      event: 'access_denied',
      outcome: 'failure',
      detail: { url: '/api/logs/access/export?format=csv' },
    });

    const csv = await get(
      '/api/logs/access/export?format=csv&from=2024-03-10&to=2024-03-10&member=mallory',
      admin,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Time,Event,Outcome,User name,Member,Address,User agent,Detail');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual([
      [String(ids.fail2), '2024-03-10T02:00:00.000Z', 'login_failed'],
      [String(ids.fail1), '2024-03-10T01:00:00.000Z', 'login_failed'],
    ]);
    const xlsx = await get('/api/logs/audit/export?format=xlsx', superUser);
    expect([xlsx.statusCode, xlsx.headers['content-type']]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('records a dead token once a minute per address, and a call without a token not at all', async () => {
    const count = async () =>
      Number(
        (
          await t.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM access_log WHERE detail->>'reason' = 'invalid_token'`,
          )
        ).rows[0]!.n,
      );
    const before = await count();
    expect((await t.app.inject({ url: '/api/logs/access' })).statusCode).toBe(401);
    expect(await count()).toBe(before);
    const forged = { authorization: 'Bearer bd_at_forged-token-forged-token-forged' };
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ url: '/api/logs/access', headers: forged })).statusCode).toBe(401);
    }
    expect(await count()).toBe(before + 1);
  });

  it('a failed sign-in is in the log with the name it tried', async () => {
    const { login } = await import('../../../../test/auth-client.ts');
    const res = await login(t.app, 'Nobody.Here', 'wrong-password', { 'user-agent': 'probe/1.0' });
    expect(res.statusCode).toBe(401);
    const row = (await list('member=nobody.here&event=login_failed')).items[0];
    expect(row).toMatchObject({ user_name: 'nobody.here', outcome: 'failure', member: null });
  });

  it('lists the audit trail by member, entity, customer and day, with the customer each row concerns', async () => {
    const { rows } = await t.db.execute<{ id: string; user_name: string }>(
      sql`INSERT INTO customers (user_name, alias_name) VALUES ('trail_1', 'Ece') RETURNING id::text, user_name`,
    );
    const customerId = Number(rows[0]!.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/update',
      payload: { user_name: 'trail_1', alias_name: 'Eda' },
      headers: manager,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/restrictions/add',
      payload: { customerId, kind: 'trade', reason: 'Unusual trading' },
      headers: manager,
    });
    const trail = async (query: string) => {
      const res = await get(`/api/logs/audit?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as { entity: string; customer_id: number; action: string }[];
    };
    const byId = await trail(`customer=${customerId}`);
    expect(byId.map((r) => [r.entity, r.action, r.customer_id])).toEqual([
      ['customer_restriction', 'add', customerId],
      ['customer', 'update', customerId],
    ]);
    expect(await trail('customer=trail_1')).toEqual(byId);
    expect((await trail(`customer=${customerId}&entity=customer`))[0]).toMatchObject({
      before: { alias_name: 'Ece' },
      after: { alias_name: 'Eda' },
      member: { user_name: 'manager' },
      request_id: expect.any(String),
    });
    expect(await trail(`customer=${customerId}&member=admin`)).toEqual([]);
    expect(await trail(`customer=${customerId}&from=2000-01-01&to=2000-01-02`)).toEqual([]);
    const total = (query: string) => get(`/api/logs/audit/count?${query}`).then((r) => r.json().total);
    expect(await total(`customer=${customerId}`)).toEqual({ value: 2, exact: true });
    expect(await total(`customer=trail_1&entity=customer`)).toEqual({ value: 1, exact: true });
    expect(await total(`customer=${customerId}&member=admin`)).toEqual({ value: 0, exact: true });
  });

  it('keeps the retention setting for super only, versioned and audited', async () => {
    const current = (await get('/api/logs/retention')).json();
    expect(current).toEqual({ days: 365, version: 0, minimum: 30, maximum: 3650 });
    const set = (days: number, version: number, headers = superUser) =>
      t.app.inject({ method: 'POST', url: '/api/logs/retention', payload: { days, version }, headers });
    expect((await set(90, 0, admin)).statusCode).toBe(403);
    expect((await set(7, 0)).statusCode).toBe(400);
    const changed = await set(90, 0);
    expect(changed.json()).toEqual({
      success: true,
      retention: { days: 90, version: 1, minimum: 30, maximum: 3650 },
    });
    expect([(await set(120, 0)).statusCode, (await set(120, 0)).json().code]).toEqual([409, 'STALE_EDIT']);
    const audit = (await get('/api/logs/audit?entity=app_setting')).json().items[0];
    expect(audit).toMatchObject({
      entity_id: 'access_log_retention_days',
      before: { days: 365 },
      after: { days: 90 },
    });
  });

  it('verifies both chains intact, finds a row the owner edited, and is intact again once it is undone', async () => {
    const verify = async (log: string) => (await get(`/api/logs/verify?log=${log}`)).json();
    const access = await verify('access');
    expect(access).toMatchObject({ log: 'access', intact: true, broken_id: null, reason: null });
    expect(access.checked).toBeGreaterThanOrEqual(4);
    expect(access.through_id).toBeGreaterThanOrEqual(ids.signout!);
    expect(await verify('audit')).toMatchObject({ intact: true });

    await tamper(owner, 'access_log', `UPDATE access_log SET user_name = 'alice' WHERE id = ${ids.fail2}`);
    expect(await verify('access')).toMatchObject({
      intact: false,
      broken_id: ids.fail2,
      reason: 'hash_mismatch',
    });
    await tamper(owner, 'access_log', `UPDATE access_log SET user_name = 'mallory' WHERE id = ${ids.fail2}`);
    expect(await verify('access')).toMatchObject({ intact: true });

    // Rehashing the edited row hides nothing: the next row's link breaks.
    await tamper(owner, 'access_log', `UPDATE access_log SET event = 'login' WHERE id = ${ids.fail2}`);
    await tamper(
      owner,
      'access_log',
      `UPDATE access_log a SET hash = sha256(p.hash || convert_to(bd_access_log_text(a), 'UTF8'))
       FROM access_log p WHERE a.id = ${ids.fail2} AND p.id = ${ids.fail1}`,
    );
    expect(await verify('access')).toMatchObject({ intact: false, broken_id: ids.login });

    const { rows } = await t.db.execute<{ id: string }>(sql`SELECT max(id)::text AS id FROM audit_log`);
    const last = Number(rows[0]!.id);
    await tamper(
      owner,
      'audit_log',
      `UPDATE audit_log SET after = '{"alias_name":"Eve"}' WHERE id = ${last}`,
    );
    expect(await verify('audit')).toMatchObject({ intact: false, broken_id: last, reason: 'hash_mismatch' });
  });

  it('chains rows written at once from several nodes into one chain', async () => {
    // Three pools stand for three nodes; every insert takes the chain lock and the next id under it.
    const nodes = [0, 1, 2].map(() => createPool(t.pool.options.connectionString!, 4));
    try {
      const repo = createAccessLogRepository();
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          createDb(nodes[i % 3]!).transaction(async (tx) => {
            await repo.record(tx, { event: 'refresh', at: new Date(), userName: `node${i % 3}` });
            await repo.record(tx, { event: 'signout', at: new Date(), userName: `node${i % 3}` });
          }),
        ),
      );
    } finally {
      await Promise.all(nodes.map((n) => n.end()));
    }
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM access_log WHERE user_name LIKE 'node_'`,
    );
    expect(rows[0]!.n).toBe(120);
    // The rows after the earlier tampering: each links to the one before it.
    const { rows: links } = await t.db.execute<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM (
        SELECT a.hash, lag(a.hash) OVER (ORDER BY a.id) AS prev, bd_access_log_text(a) AS body
        FROM access_log a WHERE a.id > ${ids.login}) c
      WHERE c.prev IS NOT NULL AND c.hash <> sha256(c.prev || convert_to(c.body, 'UTF8'))`);
    expect(links[0]!.bad).toBe(0);
  });
});

describe('retention', () => {
  let t: TestApp;
  let owner: pg.Pool;
  let headers: Record<string, string>;
  const signer = checkpointSigner(SECRET);

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await ownerOf(t);
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  const retention = () =>
    createRetention({ db: t.db, clock: systemClock, changes: createChanges(t.db), signer });
  const verify = async () => (await t.app.inject({ url: '/api/logs/verify?log=access', headers })).json();

  it('removes only rows past the retention, after a signed cut, and the chain verifies across it', async () => {
    const before = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM access_log`);
    // Rows older than the retention, written first (the oldest rows of the chain) …
    await owner.query(`INSERT INTO access_log (event, outcome, at, user_name)
      SELECT 'login_failed', 'failure', now() - interval '400 days' + g * interval '1 minute', 'old' || g
      FROM generate_series(1, 25) g`);
    const { rows: old } = await t.db.execute<{ id: string }>(
      sql`SELECT max(id)::text AS id FROM access_log WHERE user_name LIKE 'old%'`,
    );
    // … then the present.
    const { sessionHeaders } = await import('../../../../test/roles.ts');
    headers = await sessionHeaders(t, 'manager');
    await createAccessLogRepository().record(t.db, { event: 'login', at: new Date(), userName: 'recent' });

    // The app's role cannot delete, whatever it says about itself.
    await expect(t.pool.query('DELETE FROM access_log')).rejects.toThrow(/permission denied/);
    await expect(
      t.pool.query(`SELECT bd_expire_access_log(now(), $1, '\\x00'::bytea, 1, 'k', '\\x00'::bytea)`, [
        old[0]!.id,
      ]),
    ).rejects.toThrow(/at least 30 days/);

    const result = await retention().expire();
    expect(result).toEqual({ deleted: 25 + before.rows[0]!.n, cuts: 1 });
    const left = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM access_log WHERE user_name LIKE 'old%'`,
    );
    expect(left.rows[0]!.n).toBe(0);
    const { rows: cut } = await t.db.execute<{ row_id: string; deleted: string }>(
      sql`SELECT row_id::text, deleted::text FROM log_checkpoints WHERE kind = 'cut'`,
    );
    expect(cut).toEqual([{ row_id: old[0]!.id, deleted: String(25 + before.rows[0]!.n) }]);
    expect(await retention().expire()).toEqual({ deleted: 0, cuts: 0 });

    const after = await verify();
    expect(after).toMatchObject({ intact: true, cut_through_id: Number(old[0]!.id), broken_id: null });
    expect(after.checked).toBeGreaterThan(0);
  });

  it('refuses a cut whose signature is not ours', async () => {
    const { rows } = await t.db.execute<{ id: string; hash: Buffer }>(
      sql`SELECT id::text, hash FROM access_log ORDER BY id LIMIT 1`,
    );
    await t.db.execute(sql`INSERT INTO log_checkpoints (log, kind, row_id, row_hash, deleted, key_id, signature)
      VALUES ('access_log', 'seal', ${rows[0]!.id}, ${rows[0]!.hash}, NULL, 'forged', '\\x00'::bytea)`);
    expect(await verify()).toMatchObject({
      intact: false,
      broken_id: Number(rows[0]!.id),
      reason: 'bad_signature',
    });
  });
});
