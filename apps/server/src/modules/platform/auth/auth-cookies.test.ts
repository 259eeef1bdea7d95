import { AUTH_COOKIE_PATHS } from '@backdesk/contract/auth-cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, login } from '../../../../test/auth-client.ts';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { loadConfig, plainHttpWarning } from '../../../config/config.ts';

type SetCookie = { name: string; value: string; path?: string; secure?: boolean; maxAge?: number };

const tokenCookies = (res: { cookies: SetCookie[] }) =>
  res.cookies.filter((c) => c.name === 'auth.token' || c.name === 'auth.refresh-token');

const secureFlags = (res: { cookies: SetCookie[] }) => tokenCookies(res).map((c) => c.secure === true);

/** Each token cookie's name and path that the response clears (an empty value, no life left). */
const cleared = (res: { cookies: SetCookie[] }) =>
  tokenCookies(res)
    .filter((c) => c.value === '')
    .map((c) => `${c.name} ${c.path}`)
    .sort();

const EVERYWHERE = ['auth.refresh-token', 'auth.token']
  .flatMap((name) => AUTH_COOKIE_PATHS.map((path) => `${name} ${path}`))
  .sort();

describe('Secure cookies', () => {
  let plain: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp({ TRUST_PROXY: '1' });
    production = await buildTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await plain.close();
    await production.close();
  });

  it('are Secure when the request came over TLS through the trusted proxy, not when it came in clear', async () => {
    expect(secureFlags(await login(plain.app, 'admin'))).not.toContain(true);
    const overTls = await login(plain.app, 'admin', 'backdesk-demo', { 'x-forwarded-proto': 'https' });
    expect(overTls.statusCode).toBe(200);
    expect(secureFlags(overTls)).toEqual(secureFlags(overTls).map(() => true));
  });

  it('are always Secure with NODE_ENV=production', async () => {
    const res = await login(production.app, 'admin');
    expect(res.statusCode).toBe(200);
    expect(tokenCookies(res).length).toBeGreaterThan(0);
    expect(secureFlags(res)).toEqual(secureFlags(res).map(() => true));
  });

  it('do not believe a forwarded protocol from a proxy that is not trusted', async () => {
    const t = await buildTestApp();
    try {
      const res = await login(t.app, 'admin', 'backdesk-demo', { 'x-forwarded-proto': 'https' });
      expect(secureFlags(res)).not.toContain(true);
    } finally {
      await t.close();
    }
  });
});

describe('ending a sign-in clears the token cookies on every path they were ever set on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('on sign-out, with a refresh cookie left on / by an earlier client', async () => {
    const res = await login(t.app, 'manager');
    const refreshToken = res.json().refreshToken;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: `${cookieHeader(res)}; auth.refresh-token=${refreshToken}` },
    });
    expect(out.statusCode).toBe(200);
    expect(cleared(out)).toEqual(EVERYWHERE);
  });

  it('when a reused refresh token sets auth_error', async () => {
    const first = await login(t.app, 'manager');
    const r1 = first.json().refreshToken;
    await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: r1 } });
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: r1 },
    });
    expect(reuse.cookies.find((c) => c.name === 'auth_error')?.value).toBe('true');
    expect(cleared(reuse)).toEqual(EVERYWHERE);
  });

  it('and a new sign-in replaces a stale refresh cookie on / rather than leaving two', async () => {
    const res = await login(t.app, 'manager');
    expect(cleared(res)).toEqual(['auth.refresh-token /', 'auth.token /api/auth']);
  });
});

describe('where the server listens', () => {
  it('stays on loopback for the embedded demo unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/backdesk' }).host).toBe('0.0.0.0');
  });

  it('warns when it is reachable from other machines over plain HTTP', () => {
    const warn = (env: Record<string, string>) => plainHttpWarning(loadConfig(env));
    expect(warn({})).toBeUndefined();
    expect(warn({ HOST: '::1' })).toBeUndefined();
    expect(warn({ HOST: '0.0.0.0' })).toMatch(/plain HTTP.*TRUST_PROXY/);
    expect(warn({ HOST: '0.0.0.0', TRUST_PROXY: '1' })).toBeUndefined();
  });
});
