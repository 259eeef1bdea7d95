import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login } from '../../../../test/auth-client.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { sessionHeaders } from '../../../../test/roles.ts';
import { staffMemberLogs } from '../../../../test/staff-member-logs.ts';
import { createAccessLogRepository } from '../../platform/access-log/access-log.repository.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createMembersRepository } from '../../platform/auth/members.repository.ts';
import { createMemberSessionsRepository } from './member-sessions.repository.ts';
import { createMembersAdminService, generateOneTimePassword } from './members-admin.service.ts';
import { createStaffEvents } from './staff-events.ts';

const t = useTestApp();
const superHeaders = t.session('super');
const adminHeaders = t.session('admin');
const managerHeaders = t.session('manager');

const post = (url: string, payload: unknown, headers: Record<string, string> = superHeaders) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });

interface ListedMember {
  id: number;
  user_name: string;
  roles: string[];
  status: string;
  two_factor: boolean;
  must_change_password: boolean;
  last_sign_in_at: string | null;
  active_sessions: number;
  version: number;
}
const members = async (): Promise<ListedMember[]> =>
  (await t.app.inject({ url: '/api/members', headers: superHeaders })).json().items;
const member = async (userName: string) => (await members()).find((m) => m.user_name === userName)!;

const { auditOf, accessEvents } = staffMemberLogs(t);

/** A member created through the API, with a one-time password issued. */
async function created(userName: string, roles: string[] = ['manager']) {
  const res = await post('/api/members/create', {
    user_name: userName,
    display_name: 'Ada Demir',
    email: '',
    roles,
  });
  expect(res.statusCode).toBe(200);
  const m = res.json().member as ListedMember;
  const issued = await post('/api/members/one-time-password', { id: m.id, version: m.version });
  expect(issued.statusCode).toBe(200);
  return { ...issued.json().member, password: issued.json().one_time_password as string } as ListedMember & {
    password: string;
  };
}

const bearer = (res: { json(): { token: string } }) => ({ authorization: `Bearer ${res.json().token}` });

describe('the members list', () => {
  it('shows the demo staff with roles, status, two-factor state and last sign-in', async () => {
    const list = await members();
    expect(list.map((m) => m.user_name)).toEqual(
      expect.arrayContaining(['super', 'admin', 'manager', 'support']),
    );
    expect(await member('support')).toMatchObject({
      roles: ['support'],
      status: 'active',
      two_factor: false,
    });
    // The session the test signed in with counts as a sign-in.
    expect((await member('super')).last_sign_in_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await member('super')).active_sessions).toBeGreaterThanOrEqual(1);
  });

  it('takes the last sign-in from the access log too, where history has no session', async () => {
    const m = await created('log.only');
    expect((await member('log.only')).last_sign_in_at).toBeNull();
    for (const [event, at] of [
      ['login', '2026-11-02T08:15:00.000Z'],
      ['login_failed', '2026-11-03T09:00:00.000Z'],
    ] as const)
      await t.db.execute(sql`INSERT INTO access_log (event, outcome, at, member_id, user_name, ip)
        VALUES (${event}, ${event === 'login' ? 'success' : 'failure'}, ${at}, ${m.id}, 'log.only', '10.0.0.1')`);
    expect((await member('log.only')).last_sign_in_at).toBe('2026-11-02T08:15:00.000Z');
  });

  it('answers a non-super with 403, an access-log row, and changes nothing', async () => {
    const target = await member('manager');
    const auditBefore = (await auditOf(target.id)).length;
    for (const headers of [adminHeaders, managerHeaders]) {
      expect((await t.app.inject({ url: '/api/members', headers })).statusCode).toBe(403);
      const res = await post('/api/members/disable', { id: target.id, version: target.version }, headers);
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    const admin = await member('admin');
    const denied = (await accessEvents(admin.id)).filter((e) => e.event === 'access_denied');
    expect(denied.map((e) => e.detail?.url)).toEqual(['/api/members', '/api/members/disable']);
    expect(await member('manager')).toMatchObject({ status: 'active', version: target.version });
    expect(await auditOf(target.id)).toHaveLength(auditBefore);
  });
});

describe('creating a member', () => {
  it('creates a member who must change the one-time password shown once', async () => {
    const res = await post('/api/members/create', {
      user_name: ' Ada.Demir ',
      display_name: 'Ada Demir',
      email: 'ada@backdesk.example',
      roles: ['manager', 'admin'],
    });
    expect(res.statusCode).toBe(200);
    const m = res.json().member;
    expect(m).toMatchObject({
      user_name: 'ada.demir',
      roles: ['admin', 'manager'],
      status: 'active',
      must_change_password: true,
      two_factor: false,
      last_sign_in_at: null,
    });
    expect(res.json()).not.toHaveProperty('one_time_password');
    // Nobody knows the password the member was created with.
    expect((await login(t.app, 'ada.demir', 'backdesk-demo')).statusCode).toBe(401);

    const issued = await post('/api/members/one-time-password', { id: m.id, version: m.version });
    expect(issued.statusCode).toBe(200);
    const password = issued.json().one_time_password as string;
    expect(password).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    const signedIn = await login(t.app, 'ada.demir', password);
    expect(signedIn.statusCode).toBe(200);

    // Choosing their own password clears the flag; the one-time password stops working.
    const changed = await post(
      '/api/settings/password',
      { currentPassword: password, newPassword: 'Lantern-orbit-97-quiet' },
      bearer(signedIn),
    );
    expect(changed.statusCode).toBe(200);
    expect(await member('ada.demir')).toMatchObject({ must_change_password: false });
    expect((await login(t.app, 'ada.demir', password)).statusCode).toBe(401);
    expect((await login(t.app, 'ada.demir', 'Lantern-orbit-97-quiet')).statusCode).toBe(200);

    expect((await auditOf(m.id)).map((a) => a.action)).toEqual([
      'create',
      'issue_password',
      'change_password',
    ]);
    const events = (await accessEvents(m.id)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['member_created', 'password_changed', 'login']));
  });

  it('refuses a taken user name and a malformed one, creating nothing', async () => {
    const count = async () => (await members()).length;
    const before = await count();
    const taken = await post('/api/members/create', {
      user_name: 'ADMIN',
      display_name: 'X',
      email: '',
      roles: ['admin'],
    });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'STAFF_MEMBER_EXISTS']);
    for (const body of [
      { user_name: 'a b', display_name: 'X', email: '', roles: ['admin'] },
      { user_name: 'new.one', display_name: 'X', email: '', roles: [] },
      { user_name: 'new.one', display_name: 'X', email: '', roles: ['root'] },
      { user_name: 'new.one', display_name: 'X', email: '', roles: ['admin', 'admin'] },
      { user_name: 'new.one', display_name: 'X', email: 'not-an-email', roles: ['admin'] },
    ]) {
      expect((await post('/api/members/create', body)).statusCode).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('makes strong, different one-time passwords', () => {
    const seen = new Set(Array.from({ length: 200 }, generateOneTimePassword));
    expect(seen.size).toBe(200);
  });
});

describe('roles', () => {
  it('changes roles with the version loaded, audited; a stale version is refused', async () => {
    const m = await created('role.change');
    const res = await post('/api/members/roles', { id: m.id, version: m.version, roles: ['admin'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ roles: ['admin'], version: m.version + 1 });
    const stale = await post('/api/members/roles', { id: m.id, version: m.version, roles: ['manager'] });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    // The same roles again change nothing: no audit row, no new version.
    const same = await post('/api/members/roles', { id: m.id, version: m.version + 1, roles: ['admin'] });
    expect(same.json().member.version).toBe(m.version + 1);
    const audit = (await auditOf(m.id)).filter((a) => a.action === 'update');
    expect(audit).toEqual([
      { action: 'update', before: { roles: ['manager'] }, after: { roles: ['admin'] } },
    ]);
    expect((await accessEvents(m.id)).map((e) => e.event)).toContain('member_roles_changed');
  });

  it('refuses a super removing their own super role, with an access-log row', async () => {
    const me = await member('super');
    const res = await post('/api/members/roles', { id: me.id, version: me.version, roles: ['admin'] });
    expect([res.statusCode, res.json().code]).toEqual([409, 'OWN_SUPER_ROLE']);
    expect(await member('super')).toMatchObject({ roles: ['super'], version: me.version });
    const denied = (await accessEvents(me.id)).filter((e) => e.event === 'access_denied').at(-1);
    expect(denied?.detail).toMatchObject({ refused: 'OWN_SUPER_ROLE', memberId: me.id });
  });

  it('never leaves the panel without an active super, even when two supers demote each other at once', async () => {
    const second = await created('second.super', ['super']);
    // As if they had chosen their own password already (a one-time password confines them).
    await t.db.execute(sql`UPDATE staff_members SET must_change_password = false WHERE id = ${second.id}`);
    const secondHeaders = await sessionAs(second.id);
    const first = await member('super');
    const [a, b] = await Promise.all([
      post('/api/members/roles', { id: second.id, version: second.version, roles: ['admin'] }),
      post('/api/members/roles', { id: first.id, version: first.version, roles: ['admin'] }, secondHeaders),
    ]);
    const outcomes = [a, b].map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    // One demotion goes through; the other finds its target the last super (or its caller no longer one).
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(['FORBIDDEN', 'LAST_SUPER']).toContain(outcomes.find((o) => o !== 'ok'));
    // Read from the database: whichever demotion won, the demo super may no longer list members.
    const { rows: supers } = await t.db.execute(
      sql`SELECT id FROM staff_members WHERE status = 'active' AND 'super' = ANY(roles)`,
    );
    expect(supers.length).toBeGreaterThanOrEqual(1);
    // Put the demo super back for the tests below.
    await t.db.execute(sql`UPDATE staff_members SET roles = '{super}' WHERE id = ${first.id}`);
  });

  it('refuses demoting or disabling the last active super, also for a caller demoted meanwhile', async () => {
    // A request that passed the role check just before its caller lost the super role reaches the rule.
    const admin = await member('admin');
    const service = createMembersAdminService({
      db: t.db,
      repo: createMembersRepository(),
      sessions: createMemberSessionsRepository(),
      changes: createChanges(t.db),
      events: createStaffEvents({ accessLog: createAccessLogRepository(), clock: t.clock }),
      clock: t.clock,
    });
    await t.db.execute(
      sql`UPDATE staff_members SET roles = '{admin}' WHERE 'super' = ANY (roles) AND user_name <> 'super'`,
    );
    const only = await member('super');
    const caller = {
      actor: { memberId: admin.id, requestId: 't' },
      userName: 'admin',
      sessionId: '',
      ip: '127.0.0.1',
      userAgent: null,
    };
    await expect(
      service.changeRoles({ id: only.id, version: only.version, roles: ['admin'] }, caller),
    ).rejects.toMatchObject({
      code: 'LAST_SUPER',
    });
    await expect(service.disable({ id: only.id, version: only.version }, caller)).rejects.toMatchObject({
      code: 'LAST_SUPER',
    });
    expect(await member('super')).toMatchObject({
      roles: ['super'],
      status: 'active',
      version: only.version,
    });
    const denied = (await accessEvents(admin.id)).filter((e) => e.detail?.refused === 'LAST_SUPER');
    expect(denied).toHaveLength(2);
  });
});

/** Authorization headers of a fresh session of any member, opened in the database. */
async function sessionAs(memberId: number) {
  const { rows } = await t.db.execute<{ user_name: string }>(
    sql`SELECT user_name FROM staff_members WHERE id = ${memberId}`,
  );
  // sessionHeaders opens a session for any user name; its type names the demo members only.
  return sessionHeaders(t, rows[0]!.user_name as 'super');
}

describe('members of an identity provider', () => {
  it('lists where each member comes from, and refuses changing the roles a provider sets', async () => {
    expect((await member('super')) as unknown as { source: string }).toMatchObject({ source: 'local' });
    await t.db.execute(sql`INSERT INTO staff_members (user_name, display_name, password_hash, roles, source)
      VALUES ('sso.person', 'SSO Person', '!sso', '{manager}', 'sso')`);
    const sso = (await member('sso.person')) as unknown as ListedMember & { source: string };
    expect(sso.source).toBe('sso');
    const res = await post('/api/members/roles', { id: sso.id, version: sso.version, roles: ['admin'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MEMBER_ROLES_FROM_PROVIDER');
    expect((await member('sso.person')).roles).toEqual(['manager']);
  });
});

describe('disabling and enabling', () => {
  it('ends a signed-in member’s sessions at once; enabling lets them sign in again', async () => {
    const m = await created('to.disable');
    const signedIn = await login(t.app, 'to.disable', m.password);
    const theirs = bearer(signedIn);
    const asked = () => t.app.inject({ url: '/api/settings/profile', headers: theirs });
    expect((await asked()).statusCode).toBe(200);

    const res = await post('/api/members/disable', { id: m.id, version: m.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ status: 'disabled', active_sessions: 0 });
    const next = await asked();
    expect([next.statusCode, next.json().code]).toEqual([401, 'INVALID_TOKEN']);
    expect((await login(t.app, 'to.disable', m.password)).statusCode).toBe(401);

    const events = (await accessEvents(m.id)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['member_disabled', 'session_revoked']));
    const revoked = await t.db.execute<{ revoked_reason: string }>(
      sql`SELECT revoked_reason FROM staff_sessions WHERE member_id = ${m.id} AND revoked_at IS NOT NULL`,
    );
    expect(revoked.rows.map((r) => r.revoked_reason)).toContain('member_disabled');

    const enabled = await post('/api/members/enable', { id: m.id, version: res.json().member.version });
    expect(enabled.json().member).toMatchObject({ status: 'active' });
    expect((await login(t.app, 'to.disable', m.password)).statusCode).toBe(200);
    expect((await auditOf(m.id)).map((a) => a.action)).toEqual([
      'create',
      'issue_password',
      'disable',
      'enable',
    ]);
  });

  it('refuses a super disabling themselves', async () => {
    const me = await member('super');
    const res = await post('/api/members/disable', { id: me.id, version: me.version });
    expect([res.statusCode, res.json().code]).toEqual([409, 'OWN_ACCOUNT']);
    expect(await member('super')).toMatchObject({ status: 'active' });
  });

  it('refuses an unknown member and a stale version', async () => {
    const missing = await post('/api/members/disable', { id: 999_999, version: 1 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    const m = await member('manager');
    const stale = await post('/api/members/disable', { id: m.id, version: m.version + 7 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    expect(await member('manager')).toMatchObject({ status: 'active' });
  });
});

describe('ending sessions', () => {
  it('ends every sign-in of a member at once, audited; nothing to end writes nothing', async () => {
    const m = await created('sessions.end');
    const one = bearer(await login(t.app, 'sessions.end', m.password));
    const two = bearer(await login(t.app, 'sessions.end', m.password));
    expect((await member('sessions.end')).active_sessions).toBe(2);
    const res = await post('/api/members/sessions/end', { id: m.id });
    expect(res.json()).toEqual({ success: true, sessions_ended: 2 });
    for (const headers of [one, two]) {
      expect((await t.app.inject({ url: '/api/settings/profile', headers })).statusCode).toBe(401);
    }
    expect((await post('/api/members/sessions/end', { id: m.id })).json().sessions_ended).toBe(0);
    expect((await auditOf(m.id)).filter((a) => a.action === 'end_sessions')).toEqual([
      { action: 'end_sessions', before: { active_sessions: 2 }, after: { active_sessions: 0 } },
    ]);
  });
});
