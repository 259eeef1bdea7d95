import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_CLAIMS } from '../../server/test/oidc-test-provider.ts';
import { axeProblems, signIn, useE2E } from './support.ts';

/**
 * Staff single sign-on against a real OpenID provider on loopback (`oidc-provider`, a certified
 * implementation, with its development login and consent pages): a mapped person lands signed in
 * and signs out at the provider too, an unmapped one is refused, a replayed callback is refused
 * (docs/sso.md).
 */

/** A free port now, for the provider Backdesk is configured with before it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const PORT = await freePort();
const ISSUER = `http://127.0.0.1:${PORT}`;
const CLIENT = { id: 'backdesk-e2e', secret: 'backdesk-e2e-client-secret-0123456789' };

/** The people the provider knows: their groups are what Backdesk maps to roles. */
const PEOPLE: Record<string, Record<string, unknown>> = {
  'ayla.demir': {
    name: 'Ayla Demir',
    email: 'ayla.demir@corp.example',
    email_verified: true,
    groups: ['bd-admins'],
  },
  'umut.kaya': {
    name: 'Umut Kaya',
    email: 'umut.kaya@corp.example',
    email_verified: true,
    groups: ['sales'],
  },
  // Provisioned by SCIM as a manager; the ID token's groups map to nothing.
  'selin.aras': {
    name: 'Selin Aras',
    email: 'selin.aras@corp.example',
    email_verified: true,
    groups: ['sales'],
  },
  // Their email is not verified: they are an existing member only once a super links them.
  'emre.tan': {
    name: 'Emre Tan',
    email: 'emre.tan@corp.example',
    email_verified: false,
    groups: ['bd-admins'],
  },
  // Mapped to admin by the ID token, but never provisioned.
  'kaan.oz': {
    name: 'Kaan Öz',
    email: 'kaan.oz@corp.example',
    email_verified: true,
    groups: ['bd-admins'],
  },
};

describe('single sign-on with OpenID Connect', () => {
  const e2e = useE2E({
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'corp',
          name: 'Corp ID',
          issuer: ISSUER,
          clientId: CLIENT.id,
          clientSecret: CLIENT.secret,
          scopes: 'openid profile email groups',
          roleClaim: 'groups',
          roles: { 'bd-admins': 'admin', 'bd-supers': 'super' },
        },
      ]),
    },
  });
  let provider: Server;

  beforeAll(async () => {
    const oidc = new Provider(ISSUER, {
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [e2e.url('/api/auth/sso/callback')],
          post_logout_redirect_uris: [e2e.url('/login')],
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: PROVIDER_CLAIMS,
      // The ID token carries the scopes' claims (as Entra's and Okta's group claims do).
      conformIdTokenClaims: false,
      cookies: { keys: ['backdesk-e2e-cookie-key'] },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => ({ sub: id, preferred_username: id, ...PEOPLE[id] }),
      }),
    });
    provider = createServer(oidc.callback());
    await new Promise<void>((resolve) => provider.listen(PORT, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => provider?.close(resolve));
  });

  /** Through the provider's own pages: its login (any password) and its consent. */
  async function signInAtProvider(page: import('playwright-core').Page, login: string) {
    await page.goto('/login');
    await page.getByTestId('sso-corp').click();
    await page.waitForURL((url) => url.origin === ISSUER);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('signs a mapped person in with their role, made a member on the first sign-in and logged with the provider', async () => {
    const { page } = await e2e.open({ bypassCSP: true });
    await page.goto('/login');
    await page.getByTestId('sso-corp').getByText('Sign in with Corp ID').waitFor();
    expect(await axeProblems(page)).toEqual([]);

    let callback = '';
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sso/callback')) callback = request.url();
    });
    await signInAtProvider(page, 'ayla.demir');
    await page.waitForURL((url) => url.pathname === '/' && url.origin !== ISSUER);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/credentials')).json());
    expect(me).toMatchObject({ user_name: 'ayla.demir', display_name: 'Ayla Demir', user_roles: ['admin'] });

    const db = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT m.source, i.provider, i.subject FROM staff_members m JOIN staff_identities i ON i.member_id = m.id
          WHERE m.user_name = 'ayla.demir'`,
      );
      expect(rows).toEqual([{ source: 'sso', provider: 'corp', subject: 'ayla.demir' }]);
      const logins = await db.query(
        `SELECT detail->>'provider' AS provider FROM access_log WHERE event = 'login' AND user_name = 'ayla.demir'`,
      );
      expect(logins.rows).toEqual([{ provider: 'corp' }]);
    } finally {
      await db.end();
    }

    // The code and state are used once: the same callback again signs nobody in.
    expect(callback).toContain('code=');
    const { page: replay } = await e2e.open();
    await replay.goto(callback);
    await replay.waitForURL((url) => url.pathname === '/login');
    expect(new URL(replay.url()).searchParams.get('sso_error')).toBe('SSO_FAILED');
    await replay.getByTestId('sso-error').getByText('could not be completed').waitFor();

    // A super sees where the member comes from, and that the provider sets their roles.
    const { page: admin } = await e2e.open({ bypassCSP: true });
    await signIn(admin, 'super');
    await admin.goto('/settings/members');
    const row = admin.locator('[data-testid="member-row"][data-user="ayla.demir"]');
    await row.getByTestId('member-source').getByText('SSO').waitFor();
    expect(await axeProblems(admin)).toEqual([]);
    await row.getByTestId('member-actions').click();
    await admin.getByTestId('roles-from-provider').waitFor();
  });

  it('signs a member out at the provider too, which sends the browser back to the sign-in page', async () => {
    const { page } = await e2e.open({ bypassCSP: true });
    await signInAtProvider(page, 'ayla.demir');
    await page.waitForURL((url) => url.pathname === '/' && url.origin !== ISSUER);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // The provider's own sign-out page (RP-initiated logout), then back to Backdesk's /login.
    await page.waitForURL((url) => url.origin === ISSUER);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.origin !== ISSUER);
    expect(new URL(page.url()).searchParams.get('state')).toBeTruthy();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('refuses a person none of whose groups maps to a role, in Turkish, and opens no session', async () => {
    const { context, page } = await e2e.open({ bypassCSP: true });
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await signInAtProvider(page, 'umut.kaya');
    await page.waitForURL((url) => url.pathname === '/login' && url.origin !== ISSUER);
    expect(new URL(page.url()).searchParams.get('sso_error')).toBe('ACCESS_DENIED');
    await page.getByTestId('sso-error').getByText('Erişim reddedildi').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    const cookies = await context.cookies(e2e.url('/'));
    expect(cookies.map((c) => c.name)).not.toContain('auth.token');
  });

  it('lets a super link an existing member to their provider identity, whose sign-in is then that member’s', async () => {
    const { page: admin } = await e2e.open({ bypassCSP: true });
    await signIn(admin, 'super');
    await admin.goto('/settings/members');
    const row = admin.locator('[data-testid="member-row"][data-user="manager"]');
    await row.getByTestId('member-actions').click();
    await admin.getByTestId('member-identities').click();
    const form = admin.getByTestId('identities-form');
    await form.getByTestId('identities-none').waitFor();
    await form.getByLabel('Subject').fill('emre.tan');
    await form.getByTestId('identity-link-submit').click();
    await form.getByTestId('identity-row').getByText('emre.tan').waitFor();
    expect(await axeProblems(admin)).toEqual([]);

    const { page } = await e2e.open({ bypassCSP: true });
    await signInAtProvider(page, 'emre.tan');
    await page.waitForURL((url) => url.pathname === '/' && url.origin !== ISSUER);
    const me = await page.evaluate(async () => (await fetch('/api/auth/credentials')).json());
    expect(me).toMatchObject({ user_name: 'manager', user_roles: ['admin'] });

    // The sign-in made the provider the source of the member's roles: a new version, read afresh.
    await admin.reload();
    await row.getByTestId('member-source').getByText('SSO').waitFor();
    await row.getByTestId('member-actions').click();
    await admin.getByTestId('member-identities').click();
    // Unlinked, the sign-in it opened ends.
    await form.getByRole('button', { name: 'Unlink Corp ID' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Unlink', exact: true }).click();
    await form.getByTestId('identities-none').waitFor();
    const after = await page.evaluate(async () => (await fetch('/api/auth/credentials')).status);
    expect(after).toBe(401);
  });

  it('with SCIM provisioning on, admits only a provisioned member, with the roles SCIM gave', async () => {
    const db = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await db.connect();
    // A live SCIM token turns provisioning on (made as Settings → Members makes one).
    const prefix = `bds_${randomBytes(4).toString('hex')}`;
    const secret = randomBytes(32).toString('base64url');
    const { rows } = await db.query(
      `INSERT INTO scim_tokens (name, prefix, secret_hash, created_by)
       SELECT 'Corp ID', $1, $2, id FROM staff_members WHERE user_name = 'super' RETURNING id`,
      [prefix, createHash('sha256').update(secret).digest()],
    );
    const scim = async (method: string, path: string, body: unknown) => {
      const res = await fetch(e2e.url(`/scim/v2${path}`), {
        method,
        headers: { authorization: `Bearer ${prefix}_${secret}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return res.json();
    };
    try {
      const user = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'selin.aras@corp.example',
        displayName: 'Selin Aras',
        emails: [{ value: 'selin.aras@corp.example', primary: true }],
      });
      await scim('PATCH', '/Groups/manager', {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'add', path: 'members', value: [{ value: user.id }] }],
      });

      const { page } = await e2e.open({ bypassCSP: true });
      await signInAtProvider(page, 'selin.aras');
      await page.waitForURL((url) => url.pathname === '/' && url.origin !== ISSUER);
      const me = await page.evaluate(async () => (await fetch('/api/auth/credentials')).json());
      expect(me).toMatchObject({ user_name: 'selin.aras', user_roles: ['manager'] });

      // A person the ID token maps to admin, but whom SCIM never provisioned, is refused.
      const { context, page: other } = await e2e.open({ bypassCSP: true });
      await signInAtProvider(other, 'kaan.oz');
      await other.waitForURL((url) => url.pathname === '/login' && url.origin !== ISSUER);
      expect(new URL(other.url()).searchParams.get('sso_error')).toBe('ACCESS_DENIED');
      expect((await context.cookies(e2e.url('/'))).map((c) => c.name)).not.toContain('auth.token');
      const made = await db.query(`SELECT 1 FROM staff_members WHERE email = 'kaan.oz@corp.example'`);
      expect(made.rows).toEqual([]);
    } finally {
      await db.query('UPDATE scim_tokens SET revoked_at = now() WHERE id = $1', [rows[0].id]);
      await db.end();
    }
  });
});
