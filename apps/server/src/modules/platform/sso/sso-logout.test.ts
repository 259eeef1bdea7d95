import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/eventually.ts';
import { useTestApp } from '../../../../test/harness.ts';
import {
  BACKDESK_ORIGIN,
  CLIENT,
  CookieJar,
  decodePart,
  providersEnv,
  signInThroughProvider,
  signingKey,
  signWith,
  startRelay,
  startTestProvider,
  walkProvider,
} from '../../../../test/oidc-test-provider.ts';
import { TEST_ENV } from '../../../../test/test-server.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/config.ts';

/**
 * Signing out of a provider's sign-in (docs/sso.md): Backdesk ends its session and sends the
 * browser to the provider's end-session endpoint (RP-initiated logout 1.0) when it has one; the
 * provider's back-channel logout (Back-Channel Logout 1.0) ends every session of that sign-in.
 */

const key = await signingKey('k1');
let app: () => import('fastify').FastifyInstance = () => {
  throw new Error('the app is not built yet');
};
const relay = await startRelay(() => app());
const PATH = '/sso/backchannel-logout/corp';
const idp = await startTestProvider(key, { backchannelLogoutUri: `${relay.url}${PATH}` });
// A provider whose discovery names no end-session endpoint.
const plain = await startTestProvider(key, { id: 'plain', rpInitiatedLogout: false });
const t = useTestApp(providersEnv(idp, plain));
app = () => t.app;
const manager = t.session('manager');
afterAll(async () => {
  await Promise.all([idp.close(), plain.close(), relay.close()]);
});

const signout = (cookie: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: cookie });
const signedIn = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/credentials', headers: { cookie } })).statusCode === 200;

const lastRows = async (event: string, n = 1) => {
  const { rows } = await t.db.execute<{ user_name: string; detail: Record<string, unknown> }>(
    sql`SELECT user_name, detail FROM access_log WHERE event = ${event} ORDER BY id DESC LIMIT ${n}`,
  );
  return rows;
};

describe('signing out of a provider’s sign-in', () => {
  it('ends the session, then sends the browser to the provider’s sign-out, which sends it back to /login', async () => {
    const jar = new CookieJar();
    const here = await signInThroughProvider(t.app, 'ayla.demir', jar);
    expect(here.location).toBe('/');
    const res = await signout({ cookie: here.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Signed out' });
    const to = new URL(body.redirectTo);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${BACKDESK_ORIGIN}/login`);
    expect(to.searchParams.get('client_id')).toBe(CLIENT.id);
    const state = to.searchParams.get('state');
    expect(state).toMatch(/^[\w-]{20,}$/);
    expect(decodePart(to.searchParams.get('id_token_hint')!, 1)).toMatchObject({ sub: 'ayla.demir' });
    // Backdesk's own session ended first, whatever the provider does.
    expect(await signedIn(here.cookie)).toBe(false);

    const back = new URL(await walkProvider(body.redirectTo, 'ayla.demir', jar));
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('state')).toBe(state);
    // The ID token is kept no longer than the session: a second sign-out has no hint to give.
    const { rows } = await t.db.execute(sql`SELECT 1 FROM sso_sessions WHERE subject = 'ayla.demir'`);
    expect(rows).toEqual([]);
  });

  it('signs a password member out as before, with no address to go to', async () => {
    const res = await signout(manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Signed out' });
  });

  it('signs out without a redirect when the provider has no end-session endpoint', async () => {
    const here = await signInThroughProvider(t.app, 'deniz.ak', new CookieJar(), 'plain');
    expect(here.location).toBe('/');
    const res = await signout({ cookie: here.cookie });
    expect(res.json()).toEqual({ success: true, message: 'Signed out' });
    expect(await signedIn(here.cookie)).toBe(false);
  });
});

describe('back-channel logout', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const logoutClaims = (claims: Record<string, unknown> = {}) => ({
    iss: idp.issuer,
    aud: CLIENT.id,
    iat: now(),
    jti: randomUUID(),
    events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    sub: 'ayla.demir',
    ...claims,
  });
  const post = (payload: string, contentType = 'application/x-www-form-urlencoded', path = PATH) =>
    t.app.inject({ method: 'POST', url: path, headers: { 'content-type': contentType }, payload });
  const send = (token: string) => post(new URLSearchParams({ logout_token: token }).toString());

  it('ends, on the provider’s sign-out, every Backdesk session of that provider session', async () => {
    const jar = new CookieJar();
    const first = await signInThroughProvider(t.app, 'ayla.demir', jar);
    const second = await signInThroughProvider(t.app, 'ayla.demir', jar);
    const other = await signInThroughProvider(t.app, 'deniz.ak');
    // The same person in another browser: another provider session (sid), which stays.
    const elsewhere = await signInThroughProvider(t.app, 'ayla.demir');
    expect([await signedIn(first.cookie), await signedIn(second.cookie)]).toEqual([true, true]);

    // Signing out of one: the provider's sign-out POSTs a logout token that ends the other.
    const { redirectTo } = (await signout({ cookie: first.cookie })).json();
    await walkProvider(redirectTo, 'ayla.demir', jar);
    await eventually(async () => expect(await signedIn(second.cookie)).toBe(false));
    expect([await signedIn(other.cookie), await signedIn(elsewhere.cookie)]).toEqual([true, true]);
    const [row] = await lastRows('session_revoked');
    expect(row).toMatchObject({
      user_name: 'ayla.demir',
      detail: { reason: 'provider_logout', by: 'provider', provider: 'corp' },
    });
  });

  it('ends every session of the subject for a token with `sub` alone, answers 200, and refuses its replay', async () => {
    const a = await signInThroughProvider(t.app, 'deniz.ak');
    const b = await signInThroughProvider(t.app, 'deniz.ak');
    const token = await signWith(key, logoutClaims({ sub: 'deniz.ak' }));
    const res = await send(token);
    expect(res.statusCode).toBe(200);
    expect([await signedIn(a.cookie), await signedIn(b.cookie)]).toEqual([false, false]);
    expect((await lastRows('session_revoked', 2)).map((r) => r.user_name)).toEqual(['deniz.ak', 'deniz.ak']);
    // Their ID tokens go with the next sign-in's sweep.
    await signInThroughProvider(t.app, 'ayla.demir');
    const kept =
      await t.db.execute(sql`SELECT 1 FROM sso_sessions x JOIN staff_sessions s ON s.id = x.session_id
      WHERE s.revoked_at IS NOT NULL`);
    expect(kept.rows).toEqual([]);

    // The same jti again (the seen ones are in PostgreSQL, so on any node): refused.
    const again = await send(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_request' });
    expect((await lastRows('access_denied'))[0]?.detail).toMatchObject({
      provider: 'corp',
      reason: 'logout_token: replayed_jti',
    });
  });

  it('holds across nodes: a logout taken by one ends the session another serves, and its replay there is refused', async () => {
    // A second node over the same database (sessions and seen jtis are PostgreSQL's, not a node's).
    const config = loadConfig({
      ...TEST_ENV,
      ...providersEnv(idp, plain),
      DATABASE_URL: t.pool.options.connectionString!,
    });
    const other = await buildApp({
      config,
      db: t.db,
      secret: 'test-secret-'.padEnd(40, 'x'),
      clock: t.clock,
    });
    await other.ready();
    try {
      const here = await signInThroughProvider(t.app, 'deniz.ak');
      const token = await signWith(key, logoutClaims({ sub: 'deniz.ak' }));
      const taken = await other.inject({
        method: 'POST',
        url: PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ logout_token: token }).toString(),
      });
      expect(taken.statusCode).toBe(200);
      expect(await signedIn(here.cookie)).toBe(false);
      expect((await send(token)).statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });

  it('answers 200 for a subject with no session open (nothing to end)', async () => {
    const res = await send(await signWith(key, logoutClaims({ sub: 'nobody-here' })));
    expect(res.statusCode).toBe(200);
  });

  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const DEFECTS: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'an edited payload',
      async () => {
        const [header, , signature] = (await signWith(key, logoutClaims())).split('.');
        return `${header}.${part(logoutClaims({ sub: 'deniz.ak' }))}.${signature}`;
      },
      /signature/i,
    ],
    ['another audience', () => signWith(key, logoutClaims({ aud: 'another-client' })), /aud/],
    ['another issuer', () => signWith(key, logoutClaims({ iss: 'http://127.0.0.1:1' })), /iss/],
    ['no events claim', () => signWith(key, logoutClaims({ events: undefined })), /events/],
    ['another event', () => signWith(key, logoutClaims({ events: { 'urn:other': {} } })), /no_logout_event/],
    ['a nonce (an ID token)', () => signWith(key, logoutClaims({ nonce: 'n' })), /nonce_present/],
    ['neither sub nor sid', () => signWith(key, logoutClaims({ sub: undefined })), /no_sub_or_sid/],
    ['no jti', () => signWith(key, logoutClaims({ jti: undefined })), /jti/],
    ['an old iat', () => signWith(key, logoutClaims({ iat: now() - 3600 })), /iat|age/i],
    [
      'HS256 with the client secret',
      async () => {
        const signing = `${part({ alg: 'HS256' })}.${part(logoutClaims())}`;
        return `${signing}.${createHmac('sha256', CLIENT.secret).update(signing).digest('base64url')}`;
      },
      /alg/i,
    ],
    ['alg none', async () => `${part({ alg: 'none' })}.${part(logoutClaims())}.`, /alg/i],
    ['not a JWT', async () => 'not-a-token', /JWS|JWT|Invalid/i],
  ];
  it.each(DEFECTS)(
    'refuses a logout token with %s, with 400 and an access-log row',
    async (_, make, reason) => {
      const live = await signInThroughProvider(t.app, 'ayla.demir');
      const res = await send(await make());
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
      expect(await signedIn(live.cookie)).toBe(true);
      const [row] = await lastRows('access_denied');
      expect(row?.detail.provider).toBe('corp');
      expect(String(row?.detail.reason)).toMatch(reason);
    },
  );

  it('refuses bad requests with 4xx, never 500', async () => {
    const token = await signWith(key, logoutClaims());
    const cases: Array<[string, Promise<{ statusCode: number }>, number]> = [
      ['JSON', post(JSON.stringify({ logout_token: token }), 'application/json'), 415],
      ['no body', post(''), 400],
      ['no logout_token', post('token=x'), 400],
      ['two logout_tokens', post(`logout_token=${token}&logout_token=${token}`), 400],
      ['an unknown provider', post(`logout_token=${token}`, undefined, '/sso/backchannel-logout/nope'), 400],
      ['a huge body', post(`logout_token=${'a'.repeat(100_000)}`), 413],
      ['NUL bytes', post('logout_token=%00%00'), 400],
      ['a NUL in the provider', post(`logout_token=${token}`, undefined, '/sso/backchannel-logout/%00'), 400],
    ];
    for (const [what, answer, status] of cases)
      expect([what, (await answer).statusCode]).toEqual([what, status]);
  });
});
