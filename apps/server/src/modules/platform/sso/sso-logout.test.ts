import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import {
  BACKDESK_ORIGIN,
  CLIENT,
  CookieJar,
  decodePart,
  providersEnv,
  signInThroughProvider,
  signingKey,
  startTestProvider,
  walkProvider,
} from '../../../../test/oidc-test-provider.ts';

/**
 * Signing out of a provider's sign-in (docs/sso.md): Backdesk ends its session and sends the
 * browser to the provider's end-session endpoint (RP-initiated logout 1.0) when it has one.
 */

const key = await signingKey('k1');
const idp = await startTestProvider(key);
// A provider whose discovery names no end-session endpoint.
const plain = await startTestProvider(key, { id: 'plain', rpInitiatedLogout: false });
const t = useTestApp(providersEnv(idp, plain));
const manager = t.session('manager');
afterAll(async () => {
  await Promise.all([idp.close(), plain.close()]);
});

const signout = (cookie: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: cookie });
const signedIn = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/credentials', headers: { cookie } })).statusCode === 200;

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
