import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createCallLogList } from './call-log-list.ts';

const t = useTestApp();
const superHeaders = t.session('super');
const adminHeaders = t.session('admin');
const managerHeaders = t.session('manager');

const post = (url: string, payload: unknown, headers: Record<string, string> = superHeaders) =>
  t.app.inject({
    method: 'POST',
    url: `/api/settings/integrations${url}`,
    payload: payload as never,
    headers,
  });
const get = (url: string, headers: Record<string, string> = superHeaders) =>
  t.app.inject({ method: 'GET', url: `/api/settings/integrations${url}`, headers });
const whoami = (key: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/whoami', headers: { authorization: `Bearer ${key}` } });

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function created(fields: Record<string, unknown> = {}) {
  const res = await post('/create', {
    name: unique('Core'),
    scopes: ['events:read', 'ingest:customers'],
    allowed_addresses: null,
    ...fields,
  });
  expect(res.statusCode).toBe(200);
  return res.json().integration as { id: number; version: number; name: string; enabled: boolean };
}

async function keyOf(integrationId: number, expiresAt: string | null = null) {
  const res = await post('/keys/create', { integration_id: integrationId, expires_at: expiresAt });
  expect(res.statusCode).toBe(200);
  return res.json() as { key: { id: number; prefix: string }; secret: string };
}

describe('Settings → Integrations API', () => {
  it('creates, lists, edits with a version check, disables and enables an integration', async () => {
    const made = await created({ requests_per_minute: 600, allowed_addresses: ['10.0.0.0/8'] });
    const listed = (await get('')).json().items.find((i: { id: number }) => i.id === made.id);
    expect(listed).toMatchObject({ requests_per_minute: 600, allowed_addresses: ['10.0.0.0/8'], keys: [] });

    const renamed = await post('/update', {
      ...made,
      name: unique('Renamed'),
      scopes: ['events:read'],
      allowed_addresses: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().integration.version).toBe(made.version + 1);
    // The version the edit was made from is gone.
    const stale = await post('/update', {
      ...made,
      name: unique('Late'),
      scopes: ['events:read'],
      allowed_addresses: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');

    const current = renamed.json().integration;
    const disabled = await post('/disable', { id: current.id, version: current.version });
    expect(disabled.json().integration.enabled).toBe(false);
    expect((await post('/enable', { id: current.id, version: current.version })).statusCode).toBe(409);
    const enabled = await post('/enable', { id: current.id, version: disabled.json().integration.version });
    expect(enabled.json().integration.enabled).toBe(true);

    const audited = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'integration' AND entity_id = ${String(made.id)} ORDER BY id`,
    );
    expect(audited.rows.map((r) => r.action)).toEqual(['create', 'update', 'disable', 'enable']);
  });

  it('refuses a taken name and bad input with 4xx, never a 500', async () => {
    const made = await created();
    const taken = await post('/create', {
      name: made.name,
      scopes: ['events:read'],
      allowed_addresses: null,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('INTEGRATION_NAME_TAKEN');
    for (const body of [
      { name: 'x', scopes: ['events:read'], allowed_addresses: null },
      { name: unique('No scopes'), scopes: [], allowed_addresses: null },
      { name: unique('Odd scope'), scopes: ['root'], allowed_addresses: null },
      { name: unique('Twice'), scopes: ['events:read', 'events:read'], allowed_addresses: null },
      { name: unique('Bad net'), scopes: ['events:read'], allowed_addresses: ['300.1.1.1'] },
      { name: unique('Fast'), scopes: ['events:read'], allowed_addresses: null, requests_per_minute: 1e12 },
      { name: 'Nul\u0000name', scopes: ['events:read'], allowed_addresses: null },
    ]) {
      const res = await post('/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await post('/update', {
          id: -1,
          version: 1,
          name: unique('N'),
          scopes: ['events:read'],
          allowed_addresses: null,
        })
      ).statusCode,
    ).toBe(400);
    const missing = await post('/disable', { id: 2_000_000_000, version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('INTEGRATION_NOT_FOUND');
    expect(
      (await post('/keys/create', { integration_id: made.id, expires_at: '2001-01-01T00:00:00Z' })).json()
        .code,
    ).toBe('INTEGRATION_KEY_EXPIRY_PAST');
    expect((await get('/calls?outcome=nope')).statusCode).toBe(400);
    expect((await get('/calls?cursor=forged')).statusCode).toBe(400);
  });

  it('is for supers only: admins and managers get 403', async () => {
    for (const headers of [adminHeaders, managerHeaders]) {
      expect((await get('', headers)).statusCode).toBe(403);
      expect((await get('/calls', headers)).statusCode).toBe(403);
      expect(
        (
          await post(
            '/create',
            { name: unique('Nope'), scopes: ['events:read'], allowed_addresses: null },
            headers,
          )
        ).statusCode,
      ).toBe(403);
    }
  });

  it('shows a key once; a revoked key, an expired one and a disabled integration get 401 at the next request', async () => {
    const made = await created();
    const first = await keyOf(made.id);
    expect(first.secret.startsWith(`${first.key.prefix}_`)).toBe(true);
    expect((await whoami(first.secret)).statusCode).toBe(200);
    const listed = (await get('')).json().items.find((i: { id: number }) => i.id === made.id);
    // The list never holds the secret, only the prefix.
    expect(JSON.stringify(listed)).not.toContain(first.secret);

    const revoked = await post('/keys/revoke', { id: first.key.id });
    expect(revoked.json().key.revoked_at).not.toBeNull();
    expect((await whoami(first.secret)).statusCode).toBe(401);
    expect((await post('/keys/revoke', { id: first.key.id })).json().code).toBe('INTEGRATION_KEY_REVOKED');

    const soon = await keyOf(made.id, new Date(Date.now() + 60_000).toISOString());
    expect((await whoami(soon.secret)).statusCode).toBe(200);
    // Expired as a clock past its expiry would see it: the kit reads the key on every request.
    await t.db.execute(
      sql`UPDATE integration_keys SET expires_at = now() - interval '1 second' WHERE id = ${soon.key.id}`,
    );
    expect((await whoami(soon.secret)).statusCode).toBe(401);

    const live = await keyOf(made.id);
    expect((await whoami(live.secret)).statusCode).toBe(200);
    expect((await post('/disable', { id: made.id, version: made.version })).statusCode).toBe(200);
    expect((await whoami(live.secret)).statusCode).toBe(401);
  });

  it('lists calls newest first with filters and keyset pages', async () => {
    const made = await created();
    const { secret } = await keyOf(made.id);
    for (let i = 0; i < 3; i += 1) expect((await whoami(secret)).statusCode).toBe(200);
    await t.app.publicApi.callLog.flush();

    const page = await get(`/calls?integration=${made.id}&limit=2`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({
      route: '/api/v1/whoami',
      status: 200,
      outcome: 'ok',
      integration: { id: made.id },
    });
    expect(body.items[0].at >= body.items[1].at).toBe(true);
    const next = (await get(`/calls?integration=${made.id}&limit=2&cursor=${body.nextCursor}`)).json();
    expect(next.items).toHaveLength(1);
    expect(next.nextCursor).toBeNull();

    expect((await get(`/calls?integration=${made.id}&outcome=refused`)).json().items).toEqual([]);
    expect((await get(`/calls?integration=${made.id}&route=/api/v1/openapi.json`)).json().items).toEqual([]);
    expect((await get(`/calls?integration=${made.id}&to=2001-01-01`)).json().items).toEqual([]);
  });

  it('keeps a version-checked retention and its job deletes calls older than it', async () => {
    const before = (await get('/retention')).json();
    expect(before).toMatchObject({ minimum: 7, maximum: 730 });
    const set = await post('/retention', { days: before.days === 30 ? 31 : 30, version: before.version });
    expect(set.statusCode).toBe(200);
    expect((await post('/retention', { days: 40, version: before.version })).json().code).toBe('STALE_EDIT');
    expect((await post('/retention', { days: 3, version: set.json().retention.version })).statusCode).toBe(
      400,
    );

    const days = set.json().retention.days as number;
    const old = await t.db.execute<{ id: string }>(sql`
      INSERT INTO integration_calls (at, method, route, status, duration_ms)
      VALUES (now() - make_interval(days => ${days + 1}), 'GET', '/api/v1/whoami', 401, 1),
             (now() - make_interval(days => ${days - 1}), 'GET', '/api/v1/whoami', 401, 1)
      RETURNING id::text AS id`);
    // What the daily job (integrations.calls.expire) runs.
    const calls = createCallLogList({
      db: t.db,
      clock: { now: () => new Date() },
      changes: createChanges(t.db),
    });
    expect(await calls.expire()).toBeGreaterThanOrEqual(1);
    const left = await t.db.execute<{ id: string }>(
      sql`SELECT id::text AS id FROM integration_calls WHERE id IN (${old.rows[0]!.id}::bigint, ${old.rows[1]!.id}::bigint)`,
    );
    expect(left.rows.map((r) => r.id)).toEqual([old.rows[1]!.id]);
  });
});
