import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import {
  CLIENT,
  decodePart,
  followCallback,
  type SigningKey,
  type SsoLanding,
  signInThroughProvider,
  signingKey,
  signWith,
  startTestProvider,
  type TestProvider,
  walkProvider,
} from '../../../../test/oidc-test-provider.ts';

/**
 * The ID token of a single sign-on is refused unless it is the provider's, for this client, fresh
 * and for this sign-in (docs/sso.md): each case has the real provider's token endpoint answer with
 * one defect, and the member lands on the sign-in page with SSO_FAILED and a `login_failed` row.
 */

const key = await signingKey('k1');
const idp: TestProvider = await startTestProvider(key);
const t = useTestApp(idp.env);
afterAll(() => idp.close());
afterEach(() => {
  idp.alterIdToken = null;
  vi.useRealTimers();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The provider's own claims, changed and signed again with its key. */
const resigned =
  (change: (claims: Record<string, unknown>) => Record<string, unknown>) => (idToken: string) =>
    signWith(key, change(decodePart(idToken, 1)));

const signIn = (login: string) => signInThroughProvider(t.app, login);
const callbackAgain = (url: string) => followCallback(t.app, url);

const lastRefusal = async () => {
  const { rows } = await t.db.execute<{ event: string; detail: { provider: string; reason: string } }>(
    sql`SELECT event, detail FROM access_log WHERE event = 'login_failed' ORDER BY id DESC LIMIT 1`,
  );
  return rows[0];
};

const refusedWith = async (result: SsoLanding, reason: RegExp, provider: string | null = 'corp') => {
  expect(result.location).toBe('/login?sso_error=SSO_FAILED');
  expect(result.cookieNames).not.toContain('auth.token');
  const row = await lastRefusal();
  expect(row?.detail.provider).toBe(provider);
  expect(row?.detail.reason).toMatch(reason);
};

describe('the ID token of a single sign-on', () => {
  beforeAll(async () => {
    // The provider's own token signs in: the baseline every defect below departs from.
    const first = await signIn('ayla.demir');
    expect(first.location).toBe('/');
    expect(first.cookieNames).toContain('auth.token');
  });

  it('refuses a callback replayed, and a code used with another sign-in’s state', async () => {
    const { callback } = await signIn('deniz.ak');
    await refusedWith(await callbackAgain(callback), /^unknown_state$/, null);

    // The code of one sign-in with the state of another: the provider refuses the code (its PKCE
    // verifier is the other sign-in's), and the second sign-in's own code is then not taken either.
    const start = await t.app.inject({ url: '/api/auth/sso/start?provider=corp' });
    const other = new URL(await walkProvider(start.headers.location as string, 'deniz.ak'));
    const mixed = new URL(callback);
    mixed.searchParams.set('state', other.searchParams.get('state')!);
    await refusedWith(await callbackAgain(mixed.href), /^token: /);
  });

  it('refuses a token whose claims were changed after the provider signed it', async () => {
    // A person raised to super by editing the payload, the provider's signature kept.
    idp.alterIdToken = (idToken) => {
      const [header, payload, signature] = idToken.split('.');
      const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), groups: ['bd-supers'] };
      return [header, b64(claims), signature].join('.');
    };
    await refusedWith(await signIn('deniz.ak'), /signature/i);
    const { rows } = await t.db.execute<{ roles: string[] }>(
      sql`SELECT roles FROM staff_members WHERE user_name = 'deniz.ak'`,
    );
    expect(rows).toEqual([{ roles: ['admin'] }]);
  });

  it('refuses a token of another sign-in (wrong nonce)', async () => {
    idp.alterIdToken = resigned((c) => ({ ...c, nonce: 'someone-elses-nonce' }));
    await refusedWith(await signIn('deniz.ak'), /nonce/i);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    idp.alterIdToken = resigned((c) => ({ ...c, iat: now - 7200, exp: now - 3600 }));
    await refusedWith(await signIn('deniz.ak'), /exp/i);
  });

  it('refuses a token for another client (wrong audience)', async () => {
    idp.alterIdToken = resigned((c) => ({ ...c, aud: 'another-client', azp: undefined }));
    await refusedWith(await signIn('deniz.ak'), /aud/i);
  });

  it('refuses a token from another issuer', async () => {
    idp.alterIdToken = resigned((c) => ({ ...c, iss: 'http://127.0.0.1:1/evil' }));
    await refusedWith(await signIn('deniz.ak'), /iss/i);
  });

  it('refuses a token signed with HS256 (the client secret as its key)', async () => {
    idp.alterIdToken = (idToken) => {
      const signing = `${b64({ alg: 'HS256', typ: 'JWT' })}.${idToken.split('.')[1]}`;
      const mac = createHmac('sha256', CLIENT.secret).update(signing).digest('base64url');
      return `${signing}.${mac}`;
    };
    await refusedWith(await signIn('deniz.ak'), /alg|HS256/i);
  });

  it('refuses an unsigned token (alg none)', async () => {
    idp.alterIdToken = (idToken) => `${b64({ alg: 'none', typ: 'JWT' })}.${idToken.split('.')[1]}.`;
    await refusedWith(await signIn('deniz.ak'), /alg|none/i);
  });

  it('accepts a token signed with a key the provider rotated in, fetching its key set once more', async () => {
    const next: SigningKey = await signingKey('k2');
    idp.extraKeys = [next.publicJwk];
    idp.alterIdToken = (idToken) => signWith(next, decodePart(idToken, 1));
    const before = idp.jwksFetches;
    // openid-client fetches the key set again for an unknown key only once the one it holds is a
    // minute old (a flood of made-up kids cannot make it hammer the provider).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000, shouldAdvanceTime: true });
    const rotated = await signIn('deniz.ak');
    expect(rotated.location).toBe('/');
    expect(rotated.cookieNames).toContain('auth.token');
    expect(idp.jwksFetches).toBe(before + 1);
  });
});
