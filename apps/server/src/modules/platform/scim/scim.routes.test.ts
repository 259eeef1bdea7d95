import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, login } from '../../../../test/auth-client.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { hashPassword } from '../auth/passwords.ts';
import { SCIM } from './scim-protocol.ts';

const t = useTestApp();
const superHeaders = t.session('super');
const adminHeaders = t.session('admin');

let token = '';
const scim = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers = {},
) =>
  t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/scim+json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** RFC 7644 3.3's example of a create, with a unique userName. */
const bjensen = (userName = unique('bjensen')) => ({
  schemas: [SCIM.user],
  userName,
  externalId: `ext-${userName}`,
  name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
  emails: [{ value: userName, type: 'work', primary: true }],
});

async function created(body = bjensen()) {
  const res = await scim('POST', '/Users', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; userName: string; meta: { version: string; location: string } };
}

const patchOp = (...Operations: unknown[]) => ({ schemas: [SCIM.patchOp], Operations });

beforeAll(async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/members/scim-tokens/create',
    headers: superHeaders,
    payload: { name: 'Okta' },
  });
  expect(res.statusCode).toBe(200);
  token = res.json().secret;
});

describe('SCIM tokens in Settings → Members', () => {
  it('shows a token once, keeps its hash, marks its use, audits, and refuses it once revoked', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/members/scim-tokens/create',
      headers: superHeaders,
      payload: { name: 'Entra' },
    });
    const { token: row, secret } = made.json();
    expect(secret).toMatch(/^bds_[0-9a-f]{8}_/);
    const stored = await t.db.execute<{ secret_hash: Buffer }>(
      sql`SELECT secret_hash FROM scim_tokens WHERE id = ${row.id}`,
    );
    expect(stored.rows[0]!.secret_hash.toString('hex')).not.toContain(secret);
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/scim/v2/ServiceProviderConfig',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await call()).statusCode).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/members/scim-tokens',
      headers: superHeaders,
    });
    expect(listed.json().provisioning).toBe(true);
    const seen = listed.json().items.find((i: { id: number }) => i.id === row.id);
    expect(seen).toMatchObject({ name: 'Entra', created_by: 'super', revoked_at: null });
    expect(seen.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.json())).not.toContain(secret);

    const revoke = (version: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/members/scim-tokens/revoke',
        headers: superHeaders,
        payload: { id: row.id, version },
      });
    expect((await revoke(row.version + 5)).json().code).toBe('STALE_EDIT');
    expect((await revoke(row.version)).statusCode).toBe(200);
    expect((await revoke(row.version + 1)).json().code).toBe('SCIM_TOKEN_REVOKED');
    const refused = await call();
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/scim+json');
    expect(refused.json().schemas).toEqual([SCIM.error]);
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'scim_token' AND entity_id = ${String(row.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'revoke']);
  });

  it('is for supers only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members/scim-tokens', headers: adminHeaders });
    expect(res.statusCode).toBe(403);
  });
});

describe('SCIM /Users (RFC 7644 examples)', () => {
  it('creates, gets, filters, patches, replaces and deletes a user, audited with the token', async () => {
    const body = bjensen();
    const user = await created(body);
    expect(user).toMatchObject({
      userName: body.userName,
      externalId: body.externalId,
      displayName: 'Ms. Barbara J Jensen III',
      active: true,
      emails: [{ value: body.userName, primary: true }],
      meta: { resourceType: 'User', version: 'W/"1"' },
    });
    expect((await scim('POST', '/Users', body)).json()).toMatchObject({
      status: '409',
      scimType: 'uniqueness',
    });

    const got = await scim('GET', `/Users/${user.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers.etag).toBe('W/"1"');

    // userName is case-insensitive; externalId is exact.
    const byName = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${body.userName.toUpperCase()}"`)}`,
    );
    expect(byName.json()).toMatchObject({ schemas: [SCIM.listResponse], totalResults: 1, startIndex: 1 });
    expect(byName.json().Resources[0].id).toBe(user.id);
    const byExternal = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`externalId eq "${body.externalId}"`)}`,
    );
    expect(byExternal.json().totalResults).toBe(1);
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`);
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });

    // The member Backdesk shows is a scim one, with a user name of its own rule.
    const member = await t.db.execute<{ user_name: string; source: string; roles: string[] }>(
      sql`SELECT user_name, source, roles FROM staff_members WHERE id = ${Number(user.id)}`,
    );
    expect(member.rows[0]).toMatchObject({ source: 'scim', roles: [] });
    expect(member.rows[0]!.user_name).toMatch(/^bjensen-[0-9a-f]{8}$/);

    // RFC 7644 3.5.2.3: replace with a path; stale If-Match refused.
    const patched = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'Babs Jensen' }),
      { 'if-match': 'W/"1"' },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ displayName: 'Babs Jensen', meta: { version: 'W/"2"' } });
    const stale = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'X' }),
      {
        'if-match': 'W/"1"',
      },
    );
    expect(stale.json()).toMatchObject({ status: '412', scimType: 'invalidVers' });

    // RFC 7644 3.5.1: PUT replaces the whole resource.
    const put = await scim('PUT', `/Users/${user.id}`, {
      ...body,
      displayName: 'Barbara Jensen',
      emails: [],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().displayName).toBe('Barbara Jensen');
    expect(put.json().emails).toBeUndefined();

    const audit = await t.db.execute<{
      action: string;
      member_id: number | null;
      scim_token_id: number | null;
    }>(
      sql`SELECT action, member_id, scim_token_id FROM audit_log WHERE entity = 'staff_member' AND entity_id = ${user.id} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    for (const row of audit.rows)
      expect(row).toMatchObject({ member_id: null, scim_token_id: expect.any(Number) });

    // Deleted: deactivated and kept (the trail names them), gone from SCIM.
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    expect((await scim('GET', `/Users/${user.id}`)).statusCode).toBe(404);
    const kept = await t.db.execute<{ status: string; display_name: string }>(
      sql`SELECT status, display_name FROM staff_members WHERE id = ${Number(user.id)}`,
    );
    expect(kept.rows[0]).toEqual({ status: 'disabled', display_name: 'Barbara Jensen' });
    // The same userName may be provisioned again: a new member.
    expect((await created(body)).id).not.toBe(user.id);
  });

  it("takes Okta's and Entra's PATCH shapes", async () => {
    const user = await created();
    const okta = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', value: { active: false } }),
    );
    expect(okta.json().active).toBe(false);
    // Entra: capitalised op, "True" as text, attribute paths with the schema's URN.
    const entra = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp(
        { op: 'Replace', path: 'active', value: 'True' },
        { op: 'Add', path: `${SCIM.user}:displayName`, value: 'Entra Name' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'new@example.com' },
      ),
    );
    expect(entra.statusCode, entra.body).toBe(200);
    expect(entra.json()).toMatchObject({
      active: true,
      displayName: 'Entra Name',
      emails: [{ value: 'new@example.com' }],
    });
  });

  it('pages with startIndex and count', async () => {
    for (let i = 0; i < 3; i++) await created();
    const all = (await scim('GET', '/Users?count=200')).json();
    const page = (await scim('GET', '/Users?startIndex=2&count=2')).json();
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r: { id: string }) => r.id)).toEqual(
      all.Resources.slice(1, 3).map((r: { id: string }) => r.id),
    );
    // Below 1 is read as 1 (RFC 7644 3.4.2.4).
    expect((await scim('GET', '/Users?startIndex=0&count=1')).json().startIndex).toBe(1);
  });

  it('refuses bad input with SCIM errors, never a 500', async () => {
    const user = await created();
    const cases: [string, Awaited<ReturnType<typeof scim>>, string | undefined][] = [
      ['no schemas', await scim('POST', '/Users', { userName: 'x@example.com' }), 'invalidSyntax'],
      ['no userName', await scim('POST', '/Users', { schemas: [SCIM.user] }), 'invalidValue'],
      ['NUL byte', await scim('POST', '/Users', bjensen('nul\u0000@example.com')), 'invalidValue'],
      [
        'bad JSON',
        await t.app.inject({
          method: 'POST',
          url: '/scim/v2/Users',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
          payload: '{"schemas": [',
        }),
        'invalidSyntax',
      ],
      [
        'unknown path',
        await scim('PATCH', `/Users/${user.id}`, patchOp({ op: 'replace', path: 'nickName2', value: 'x' })),
        'invalidPath',
      ],
      [
        'enterprise path',
        await scim(
          'PATCH',
          `/Users/${user.id}`,
          patchOp({
            op: 'replace',
            path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
            value: 'x',
          }),
        ),
        'invalidPath',
      ],
      [
        'bad op',
        await scim('PATCH', `/Users/${user.id}`, patchOp({ op: 'move', path: 'active', value: true })),
        'invalidSyntax',
      ],
      [
        'active not boolean',
        await scim('PATCH', `/Users/${user.id}`, patchOp({ op: 'replace', path: 'active', value: 'maybe' })),
        'invalidValue',
      ],
      [
        'groups read-only',
        await scim(
          'PATCH',
          `/Users/${user.id}`,
          patchOp({ op: 'add', path: 'groups', value: [{ value: 'super' }] }),
        ),
        'mutability',
      ],
      [
        'unknown filter',
        await scim('GET', `/Users?filter=${encodeURIComponent('title co "x"')}`),
        'invalidFilter',
      ],
      ['absurd startIndex', await scim('GET', '/Users?startIndex=99999999999'), 'invalidValue'],
      ['startIndex not a number', await scim('GET', '/Users?startIndex=abc'), 'invalidValue'],
      [
        'filter with NUL',
        await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "a\u0000"')}`),
        'invalidValue',
      ],
      ['unknown user', await scim('GET', '/Users/999999999'), undefined],
      ['user id not a number', await scim('GET', '/Users/abc'), undefined],
    ];
    for (const [label, res, scimType] of cases) {
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(res.headers['content-type'], label).toContain('application/scim+json');
      expect(res.json().schemas, label).toEqual([SCIM.error]);
      expect(res.json().scimType, label).toBe(scimType);
    }
    const noToken = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(noToken.statusCode).toBe(401);
    const unknownRoute = await scim('GET', '/Nothing');
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json().schemas).toEqual([SCIM.error]);
  });

  it('answers the discovery endpoints', async () => {
    const config = (await scim('GET', '/ServiceProviderConfig')).json();
    expect(config).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      etag: { supported: true },
    });
    const types = (await scim('GET', '/ResourceTypes')).json();
    expect(types.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await scim('GET', '/ResourceTypes/User')).json().schema).toBe(SCIM.user);
    const schemas = (await scim('GET', '/Schemas')).json();
    expect(schemas.totalResults).toBe(2);
    expect((await scim('GET', `/Schemas/${SCIM.group}`)).json().name).toBe('Group');
    const document = await t.app.inject({ method: 'GET', url: '/scim/v2/openapi.json' });
    expect(Object.keys(document.json().paths)).toContain('/scim/v2/Users/{id}');
  });
});

describe('SCIM /Groups: the roles', () => {
  it('adds and removes role holders, and refuses a local member', async () => {
    const a = await created();
    const b = await created();
    const groups = (await scim('GET', '/Groups?excludedAttributes=members')).json();
    expect(groups.Resources.map((g: { id: string }) => g.id)).toEqual(['admin', 'super', 'manager']);
    expect(groups.Resources[0].members).toBeUndefined();
    const byName = (
      await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "manager"')}`)
    ).json();
    expect(byName.totalResults).toBe(1);

    // Entra's add of members.
    const added = await scim(
      'PATCH',
      '/Groups/admin',
      patchOp({ op: 'Add', path: 'members', value: [{ value: a.id }, { value: b.id }] }),
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members.map((m: { value: string }) => m.value)).toEqual([a.id, b.id]);
    expect((await scim('GET', `/Users/${a.id}`)).json().groups).toMatchObject([{ value: 'admin' }]);
    const roles = await t.db.execute<{ roles: string[] }>(
      sql`SELECT roles FROM staff_members WHERE id = ${Number(a.id)}`,
    );
    expect(roles.rows[0]!.roles).toEqual(['admin']);

    // Okta's removal by filter path; a stale group version is refused.
    const groupVersion = added.json().meta.version;
    const removed = await scim(
      'PATCH',
      '/Groups/admin',
      patchOp({ op: 'remove', path: `members[value eq "${a.id}"]` }),
      {
        'if-match': groupVersion,
      },
    );
    expect(removed.json().members.map((m: { value: string }) => m.value)).toEqual([b.id]);
    const stale = await scim('PATCH', '/Groups/admin', patchOp({ op: 'remove', path: 'members' }), {
      'if-match': groupVersion,
    });
    expect(stale.statusCode).toBe(412);

    // PUT replaces the holders.
    const put = await scim('PUT', '/Groups/manager', {
      schemas: [SCIM.group],
      displayName: 'manager',
      members: [{ value: a.id }],
    });
    expect(put.json().members.map((m: { value: string }) => m.value)).toEqual([a.id]);

    // A local member is not the provider's to change.
    const local = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM staff_members WHERE user_name = 'admin'`,
    );
    const refused = await scim(
      'PATCH',
      '/Groups/super',
      patchOp({ op: 'add', path: 'members', value: [{ value: String(local.rows[0]!.id) }] }),
    );
    expect(refused.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim('POST', '/Groups', { schemas: [SCIM.group], displayName: 'admin' })).statusCode).toBe(
      409,
    );
    expect((await scim('POST', '/Groups', { schemas: [SCIM.group], displayName: 'ops' })).statusCode).toBe(
      400,
    );
    expect((await scim('DELETE', '/Groups/admin')).json().scimType).toBe('mutability');
    expect((await scim('GET', '/Groups/nope')).statusCode).toBe(404);
    expect(
      (
        await scim('PATCH', '/Groups/admin', patchOp({ op: 'replace', path: 'displayName', value: 'x' }))
      ).json().scimType,
    ).toBe('mutability');

    // The members screen refuses changing a SCIM member's roles (the provider holds them).
    const version = await t.db.execute<{ version: number }>(
      sql`SELECT version FROM staff_members WHERE id = ${Number(a.id)}`,
    );
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/members/roles',
      headers: superHeaders,
      payload: { id: Number(a.id), roles: ['super'], version: version.rows[0]!.version },
    });
    expect(change.json().code).toBe('MEMBER_ROLES_FROM_PROVIDER');
  });
});

describe('deprovisioning', () => {
  it('ends an open password session at the next request', async () => {
    const user = await created();
    await scim(
      'PATCH',
      '/Groups/manager',
      patchOp({ op: 'add', path: 'members', value: [{ value: user.id }] }),
    );
    const member = await t.db.execute<{ user_name: string }>(
      sql`UPDATE staff_members SET password_hash = ${await hashPassword('scim-member-pass-1')}
          WHERE id = ${Number(user.id)} RETURNING user_name`,
    );
    const signedIn = await login(t.app, member.rows[0]!.user_name, 'scim-member-pass-1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = cookieHeader(signedIn);
    const profile = () => t.app.inject({ method: 'GET', url: '/api/settings/profile', headers: { cookie } });
    expect((await profile()).statusCode).toBe(200);

    const off = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', value: { active: false } }),
    );
    expect(off.json().active).toBe(false);
    expect((await profile()).statusCode).toBe(401);
    const ended = await t.db.execute<{ revoked_reason: string }>(
      sql`SELECT revoked_reason FROM staff_sessions WHERE member_id = ${Number(user.id)}`,
    );
    expect(ended.rows.map((r) => r.revoked_reason)).toEqual(['member_disabled']);
  });
});

describe('the last super', () => {
  it('is never deactivated or demoted through SCIM', async () => {
    const user = await created();
    await scim(
      'PATCH',
      '/Groups/super',
      patchOp({ op: 'add', path: 'members', value: [{ value: user.id }] }),
    );
    // The demo super stepped away: the provisioned one is the only active super left.
    await t.db.execute(sql`UPDATE staff_members SET status = 'disabled' WHERE user_name = 'super'`);
    try {
      const off = await scim(
        'PATCH',
        `/Users/${user.id}`,
        patchOp({ op: 'replace', value: { active: false } }),
      );
      expect(off.json()).toMatchObject({ status: '400', scimType: 'mutability' });
      const demoted = await scim('PATCH', '/Groups/super', patchOp({ op: 'remove', path: 'members' }));
      expect(demoted.json()).toMatchObject({ status: '400', scimType: 'mutability' });
      expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(400);
      expect((await scim('GET', `/Users/${user.id}`)).json()).toMatchObject({
        active: true,
        groups: [{ value: 'super' }],
      });
    } finally {
      await t.db.execute(sql`UPDATE staff_members SET status = 'active' WHERE user_name = 'super'`);
    }
  });
});
