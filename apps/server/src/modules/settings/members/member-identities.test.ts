import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import {
  CookieJar,
  providersEnv,
  signInThroughProvider,
  signingKey,
  startTestProvider,
} from '../../../../test/oidc-test-provider.ts';
import { staffMemberLogs } from '../../../../test/staff-member-logs.ts';

/**
 * A super links an existing member to their identity at a provider (docs/sso.md): the provider's
 * sign-in of that subject is then that member's, not a new one; unlinking ends what it opened.
 */

const idp = await startTestProvider(await signingKey('k1'));
const t = useTestApp(providersEnv(idp));
const superHeaders = t.session('super');
const adminHeaders = t.session('admin');
afterAll(() => idp.close());

interface Listed {
  id: number;
  user_name: string;
  roles: string[];
  source: string;
  version: number;
  identities: { provider: string; subject: string; email: string | null; last_sign_in_at: string | null }[];
}
const member = async (userName: string): Promise<Listed> =>
  (await t.app.inject({ url: '/api/members', headers: superHeaders }))
    .json()
    .items.find((m: Listed) => m.user_name === userName);
const post = (url: string, payload: object, headers = superHeaders) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const link = (m: Listed, subject: string, provider = 'corp') =>
  post('/api/members/identities/link', { id: m.id, version: m.version, provider, subject });
const whoIs = async (cookie: string) => {
  const res = await t.app.inject({ url: '/api/auth/credentials', headers: { cookie } });
  return res.statusCode === 200 ? (res.json().user_name as string) : null;
};
// One database for the file: each test uses members the others leave alone.
const { auditOf, accessEvents } = staffMemberLogs(t);

describe('linking a member to a provider identity', () => {
  it('makes the provider’s sign-in of that subject the member’s own; unlinking ends it and hands the member back', async () => {
    const manager = await member('manager');
    const linked = await link(manager, 'deniz.ak');
    expect(linked.statusCode).toBe(200);
    expect(linked.json().member.identities).toMatchObject([
      { provider: 'corp', subject: 'deniz.ak', email: null, last_sign_in_at: null },
    ]);
    expect(linked.json().member.version).toBe(manager.version + 1);

    // deniz.ak's verified email matches no member: without the link, this sign-in would make a new one.
    const here = await signInThroughProvider(t.app, 'deniz.ak', new CookieJar());
    expect(here.location).toBe('/');
    expect(await whoIs(here.cookie)).toBe('manager');
    const signedIn = await member('manager');
    expect(signedIn).toMatchObject({ roles: ['admin'], source: 'sso' });
    expect(signedIn.identities[0]!.last_sign_in_at).not.toBeNull();

    // A password sign-in of the same member stays: only what the identity opened ends.
    const unlinked = await post('/api/members/identities/unlink', {
      id: signedIn.id,
      version: signedIn.version,
      provider: 'corp',
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ sessions_ended: 1, member: { identities: [], source: 'local' } });
    expect(await whoIs(here.cookie)).toBeNull();

    expect((await auditOf(manager.id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['link_identity', 'unlink_identity']),
    );
    const events = (await accessEvents(manager.id)).map((r) => r.event);
    expect(events).toEqual(
      expect.arrayContaining(['member_identity_linked', 'member_identity_unlinked', 'session_revoked']),
    );
  });

  it('refuses an identity another member holds, a second identity at one provider, and a stale version', async () => {
    const support = await member('support');
    const admin = await member('admin');
    expect((await link(support, 'ayla.demir')).statusCode).toBe(200);

    const taken = await link(admin, 'ayla.demir');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'IDENTITY_TAKEN' });

    const again = await link(await member('support'), 'someone-else');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IDENTITY_ALREADY_LINKED' });

    const stale = await link(support, 'someone-else');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_EDIT' });

    const none = await post('/api/members/identities/unlink', { ...(await pick(admin)), provider: 'corp' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'IDENTITY_NOT_LINKED' });
  });

  it('refuses an unknown provider, a subject no token could carry, and anyone but a super', async () => {
    const admin = await member('admin');
    const unknown = await link(admin, 'x', 'nowhere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SSO_PROVIDER_UNKNOWN' });
    for (const subject of ['', ' ', 'ç-not-ascii', 'x'.repeat(256), 'a\u0000b']) {
      expect((await link(admin, subject)).statusCode, JSON.stringify(subject)).toBe(400);
    }
    const byAdmin = await post(
      '/api/members/identities/link',
      { ...(await pick(admin)), provider: 'corp', subject: 'deniz.ak' },
      adminHeaders,
    );
    expect(byAdmin.statusCode).toBe(403);
    expect((await member('admin')).identities).toEqual([]);
  });
});

const pick = async (m: Listed) => {
  const now = await member(m.user_name);
  return { id: now.id, version: now.version };
};
