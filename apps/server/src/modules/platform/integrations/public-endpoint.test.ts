import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { manualClock } from '../../../lib/clock.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';
import { createChanges } from '../audit/changes.ts';
import { createIntegrationsRepository } from './integrations.repository.ts';
import { createIntegrationsService } from './integrations.service.ts';
import { registerTestPublicEndpoints, testNote } from './public-test-endpoints.ts';

const clock = manualClock(new Date());
const t = useTestApp({}, { clock, beforeReady: registerTestPublicEndpoints });
const superMember = t.session('super');

const service = () =>
  createIntegrationsService({
    db: t.db,
    clock,
    changes: createChanges(t.db),
    repo: createIntegrationsRepository(),
  });
const system = { memberId: null, requestId: 'test' };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const whoami = (headers: Record<string, string>, extra: { remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/whoami', headers, ...extra });
const note = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: testNote.path,
    headers: { ...bearer(key), ...headers },
    payload: body as object,
  });

const calls = async (integrationId: number) => {
  await t.app.publicApi.callLog.flush();
  return (
    await t.db.execute<{
      route: string;
      status: number;
      error_code: string | null;
      received: number | null;
      applied: number | null;
      key_id: number | null;
    }>(sql`SELECT route, status, error_code, received, applied, key_id FROM integration_calls
            WHERE integration_id = ${integrationId} ORDER BY id`)
  ).rows;
};

describe('a valid key', () => {
  it('answers whoami with the integration, its scopes, the key prefix and expiry', async () => {
    const expiresAt = new Date(clock.now().getTime() + 86_400_000);
    const made = await createTestIntegration(t.db, {
      name: 'whoami check',
      scopes: ['events:read', 'checks:p2p'],
      expiresAt,
      clock,
    });
    const res = await whoami(bearer(made.key));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      integration: { id: made.integrationId, name: 'whoami check' },
      scopes: ['events:read', 'checks:p2p'],
      key: { prefix: made.prefix, expiresAt: expiresAt.toISOString() },
    });
    const [row] = await calls(made.integrationId);
    expect(row).toMatchObject({ route: '/api/v1/whoami', status: 200, error_code: null, key_id: made.keyId });
    const used = await t.db.execute<{ last_used_at: string }>(
      sql`SELECT to_json(last_used_at)#>>'{}' AS last_used_at FROM integration_keys WHERE id = ${made.keyId}`,
    );
    expect(new Date(used.rows[0]!.last_used_at).toISOString()).toBe(clock.now().toISOString());
  });

  it('writes an audited change with the integration as its actor, and the chain still verifies', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['ingest:customers'], clock });
    const res = await note(made.key, { text: 'hello' });
    expect(res.statusCode).toBe(200);
    const audit = await t.db.execute<{
      member_id: number | null;
      integration_id: number | null;
      after: unknown;
    }>(
      sql`SELECT member_id, integration_id, after FROM audit_log
           WHERE entity = 'integration' AND entity_id = ${String(made.integrationId)} AND action = 'update'`,
    );
    expect(audit.rows).toEqual([
      { member_id: null, integration_id: made.integrationId, after: { note: 'hello' } },
    ]);
    // Rows before this migration, member rows and integration rows, all in one chain.
    const verify = await t.app.inject({ url: '/api/logs/verify?log=audit', headers: superMember });
    expect(verify.json()).toMatchObject({ log: 'audit', intact: true, reason: null });
    expect(verify.json().checked).toBeGreaterThan(1);
    const [row] = await calls(made.integrationId);
    expect(row).toMatchObject({ route: testNote.path, status: 200, received: 1, applied: 1 });
  });

  it('applies a retried Idempotency-Key once per integration', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['ingest:customers'], clock });
    const other = await createTestIntegration(t.db, { scopes: ['ingest:customers'], clock });
    const key = { 'idempotency-key': 'retry-0001' };
    for (const k of [made.key, made.key, other.key])
      expect((await note(k, { text: 'once' }, key)).statusCode).toBe(200);
    const audit = await t.db.execute<{ integration_id: number; n: number }>(
      sql`SELECT integration_id, count(*)::int AS n FROM audit_log
           WHERE integration_id IN (${made.integrationId}, ${other.integrationId}) AND action = 'update'
           GROUP BY integration_id ORDER BY integration_id`,
    );
    expect(audit.rows.map((r) => r.n)).toEqual([1, 1]);
    const reused = await note(made.key, { text: 'different' }, key);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('refusals', () => {
  it('answers 401 API_KEY_INVALID to a missing, malformed, unknown or wrong key', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['events:read'], clock });
    const wrongSecret = `${made.prefix}_${'A'.repeat(43)}`;
    const unknown = `bdk_00000000_${'B'.repeat(43)}`;
    for (const headers of [
      {},
      { authorization: made.key },
      { authorization: `Basic ${made.key}` },
      { authorization: 'Bearer ' },
      { authorization: 'Bearer bdk_short' },
      { authorization: `Bearer ${made.key}x` },
      bearer(wrongSecret),
      bearer(unknown),
    ]) {
      const res = await whoami(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().code).toBe('API_KEY_INVALID');
    }
  });

  it('refuses a revoked key at the next request', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['events:read'], clock });
    expect((await whoami(bearer(made.key))).statusCode).toBe(200);
    await service().revokeKey(made.keyId, system);
    const res = await whoami(bearer(made.key));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('API_KEY_INVALID');
    // The call log names the integration whose revoked key is still in use.
    expect((await calls(made.integrationId)).map((c) => c.error_code)).toEqual([null, 'API_KEY_INVALID']);
  });

  it('refuses an expired key', async () => {
    const made = await createTestIntegration(t.db, {
      scopes: ['events:read'],
      expiresAt: new Date(clock.now().getTime() + 60_000),
      clock,
    });
    expect((await whoami(bearer(made.key))).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await whoami(bearer(made.key))).json().code).toBe('API_KEY_INVALID');
  });

  it('refuses every key of a disabled integration, and takes them again once enabled', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['events:read'], clock });
    const disabled = await service().setEnabled({ id: made.integrationId, version: 1 }, false, system);
    const res = await whoami(bearer(made.key));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'API_KEY_INVALID',
      message: 'The API key is missing or not valid',
    });
    await service().setEnabled({ id: made.integrationId, version: disabled.version }, true, system);
    expect((await whoami(bearer(made.key))).statusCode).toBe(200);
  });

  it('refuses a request carrying a session cookie, even with a valid key', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['events:read'], clock });
    for (const cookie of ['auth.token=abc', 'auth.refresh-token=abc']) {
      const res = await whoami({ ...bearer(made.key), cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PUBLIC_API_COOKIE_REFUSED');
    }
  });

  it('refuses a key whose integration lacks the scope', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['events:read'], clock });
    const res = await note(made.key, { text: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'API_SCOPE_MISSING', params: { scope: 'ingest:customers' } });
  });

  it('accepts a foreign Origin on the public API, where the staff API refuses it', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['ingest:customers'], clock });
    const origin = { origin: 'https://exchange.example', 'sec-fetch-site': 'cross-site' };
    expect((await note(made.key, { text: 'from afar' }, origin)).statusCode).toBe(200);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/settings/profile',
      headers: { ...superMember, ...origin },
      payload: {},
    });
    expect(staff.json().code).toBe('FOREIGN_ORIGIN');
  });

  it('takes requests only from the allowlist', async () => {
    const made = await createTestIntegration(t.db, {
      scopes: ['events:read'],
      allowedAddresses: ['10.0.0.0/8', '2001:db8::/32'],
      clock,
    });
    const refused = await whoami(bearer(made.key), { remoteAddress: '192.0.2.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('API_ADDRESS_REFUSED');
    expect((await whoami(bearer(made.key), { remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    expect((await whoami(bearer(made.key), { remoteAddress: '2001:db8::7' })).statusCode).toBe(200);
  });

  it('limits requests per key and minute, with Retry-After, apart from other keys', async () => {
    clock.set(new Date(Math.ceil(clock.now().getTime() / 60_000) * 60_000 + 1_000));
    const made = await createTestIntegration(t.db, { scopes: ['events:read'], requestsPerMinute: 2, clock });
    const other = await createTestIntegration(t.db, { scopes: ['events:read'], requestsPerMinute: 2, clock });
    expect((await whoami(bearer(made.key))).statusCode).toBe(200);
    expect((await whoami(bearer(made.key))).statusCode).toBe(200);
    const over = await whoami(bearer(made.key));
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('TOO_MANY_REQUESTS');
    expect(over.headers['retry-after']).toBe('59');
    expect((await whoami(bearer(other.key))).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await whoami(bearer(made.key))).statusCode).toBe(200);
  });

  it('refuses a NUL byte in the body or the query with 400 INVALID_TEXT', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['ingest:customers', 'events:read'], clock });
    const body = await note(made.key, { text: 'a\u0000b' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 'INVALID_TEXT', params: { field: 'text' } });
    const query = await t.app.inject({ url: '/api/v1/whoami?x=%00', headers: bearer(made.key) });
    expect(query.json().code).toBe('INVALID_TEXT');
  });

  it('refuses bad input by its schema', async () => {
    const made = await createTestIntegration(t.db, { scopes: ['ingest:customers'], clock });
    const res = await note(made.key, { text: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
