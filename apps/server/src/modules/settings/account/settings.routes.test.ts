import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login } from '../../../../test/auth-client.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { staffMemberLogs } from '../../../../test/staff-member-logs.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';

const t = useTestApp();
const manager = t.session('manager');

const PASSWORD = 'Harbour-violet-52-kettle';

/** A member of one's own, with a known password, so the demo staff stay as they are. */
async function newMember(userName: string, password = PASSWORD) {
  const hash = await hashPassword(password);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO staff_members (user_name, display_name, email, password_hash, roles)
    VALUES (${userName}, 'Kerem Aksoy', ${`${userName}@backdesk.example`}, ${hash}, '{manager}') RETURNING id`);
  return rows[0]!.id;
}

async function signIn(userName: string, password = PASSWORD) {
  const res = await login(t.app, userName, password);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });

const { auditOf, accessEvents } = staffMemberLogs(t);

describe('profile', () => {
  it('shows and changes the display name and email at the version loaded', async () => {
    const id = await newMember('kerem');
    const headers = await signIn('kerem');
    const profile = (await get('/api/settings/profile', headers)).json();
    expect(profile).toMatchObject({
      user_name: 'kerem',
      display_name: 'Kerem Aksoy',
      language: null,
      color_mode: null,
      must_change_password: false,
    });
    const res = await post(
      '/api/settings/profile',
      { display_name: '  Kerem A. ', email: '', version: profile.version },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      display_name: 'Kerem A.',
      email: null,
      version: profile.version + 1,
    });
    const stale = await post(
      '/api/settings/profile',
      { display_name: 'Someone else', email: '', version: profile.version },
      headers,
    );
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const bad = await post('/api/settings/profile', { display_name: ' ', email: 'x@', version: 2 }, headers);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['display_name', 'email']);
    expect(await auditOf(id)).toEqual([
      {
        action: 'update',
        before: { display_name: 'Kerem Aksoy', email: 'kerem@backdesk.example' },
        after: { display_name: 'Kerem A.', email: null },
      },
    ]);
  });

  it('keeps language and colour mode on the server without moving the version', async () => {
    const before = (await get('/api/settings/profile', manager)).json();
    const res = await post('/api/settings/preferences', { language: 'tr', color_mode: 'dark' }, manager);
    expect(res.json().profile).toMatchObject({ language: 'tr', color_mode: 'dark', version: before.version });
    await post('/api/settings/preferences', { color_mode: 'system' }, manager);
    expect((await get('/api/settings/profile', manager)).json()).toMatchObject({
      language: 'tr',
      color_mode: 'system',
    });
    for (const body of [{}, { language: 'de' }, { color_mode: 'auto' }]) {
      expect((await post('/api/settings/preferences', body, manager)).statusCode).toBe(400);
    }
  });

  it('keeps a display time zone, and null gives the choice back to the browser', async () => {
    const zone = await post('/api/settings/preferences', { time_zone: 'Europe/Istanbul' }, manager);
    expect(zone.json().profile.time_zone).toBe('Europe/Istanbul');
    // Another preference leaves the zone as it was.
    await post('/api/settings/preferences', { color_mode: 'dark' }, manager);
    expect((await get('/api/settings/profile', manager)).json().time_zone).toBe('Europe/Istanbul');
    const cleared = await post('/api/settings/preferences', { time_zone: null }, manager);
    expect(cleared.json().profile.time_zone).toBeNull();
    expect((await get('/api/settings/profile', manager)).json().time_zone).toBeNull();
    for (const time_zone of ['Mars/Olympus', '', 'Europe/\u0000']) {
      const res = await post('/api/settings/preferences', { time_zone }, manager);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('password change', () => {
  it('refuses a wrong current password with a translated code and an access-log row', async () => {
    const id = await newMember('pw.wrong');
    const headers = await signIn('pw.wrong');
    const res = await post(
      '/api/settings/password',
      { currentPassword: 'not-my-password', newPassword: 'Copper-meadow-81-signal' },
      headers,
    );
    expect([res.statusCode, res.json().code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    const failed = (await accessEvents(id)).filter((e) => e.event === 'password_change_failed');
    expect(failed).toEqual([
      { event: 'password_change_failed', detail: { refused: 'CURRENT_PASSWORD_WRONG' } },
    ]);
    expect((await login(t.app, 'pw.wrong', PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['short', 'Ab3-xyz', ['too_short']],
    ['common', 'password123456', ['common']],
    ['containing the user name', 'pw.rules-Orchid-58', ['contains_name']],
    ['containing the display name, whatever the case and accents', 'AKSOY-copper-Lamp-93', ['contains_name']],
    ['weak', 'aaaaaaaaaaaaaaaa', ['weak']],
    ['the current one again', PASSWORD, ['reused']],
  ])(
    'refuses a password that is %s, naming the problem, and changes nothing',
    async (_, newPassword, problems) => {
      const userName = 'pw.rules';
      const id =
        (await t.db.execute<{ id: number }>(sql`SELECT id FROM staff_members WHERE user_name = ${userName}`))
          .rows[0]?.id ?? (await newMember(userName));
      const headers = await signIn(userName);
      const auditBefore = (await auditOf(id)).length;
      const res = await post('/api/settings/password', { currentPassword: PASSWORD, newPassword }, headers);
      expect([res.statusCode, res.json().code]).toEqual([400, 'PASSWORD_REJECTED']);
      expect(res.json().issues.map((i: { code: string }) => i.code)).toEqual(problems);
      expect(res.json().issues.every((i: { path: string }) => i.path === 'newPassword')).toBe(true);
      const failed = (await accessEvents(id)).filter((e) => e.event === 'password_change_failed').at(-1);
      expect(failed?.detail).toEqual({ refused: 'PASSWORD_REJECTED', problems });
      expect(await auditOf(id)).toHaveLength(auditBefore);
      expect((await login(t.app, userName, PASSWORD)).statusCode).toBe(200);
    },
  );

  it('changes the password, ends the other sign-ins and refuses the old one afterwards', async () => {
    const id = await newMember('pw.change');
    await t.db.execute(sql`UPDATE staff_members SET must_change_password = true WHERE id = ${id}`);
    const here = await signIn('pw.change');
    const elsewhere = await signIn('pw.change');
    const res = await post(
      '/api/settings/password',
      { currentPassword: PASSWORD, newPassword: 'Granite-puzzle-64-willow' },
      here,
    );
    expect(res.json()).toEqual({ success: true, sessions_ended: 1 });
    expect((await get('/api/settings/profile', here)).json()).toMatchObject({ must_change_password: false });
    const ended = await get('/api/settings/profile', elsewhere);
    expect([ended.statusCode, ended.json().code]).toEqual([401, 'INVALID_TOKEN']);
    expect((await login(t.app, 'pw.change', PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, 'pw.change', 'Granite-puzzle-64-willow')).statusCode).toBe(200);
    // The old password cannot come back.
    const back = await post(
      '/api/settings/password',
      { currentPassword: 'Granite-puzzle-64-willow', newPassword: PASSWORD },
      here,
    );
    expect(back.json().issues.map((i: { code: string }) => i.code)).toEqual(['reused']);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['change_password']);
    const events = (await accessEvents(id)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['password_changed', 'session_revoked']));
  });
});

describe('sessions', () => {
  it('lists the member’s live sign-ins, ends one at once, then all the others', async () => {
    const id = await newMember('sess');
    const a = await signIn('sess');
    const b = await signIn('sess');
    const c = await signIn('sess');
    const list = (await get('/api/settings/sessions', a)).json().items as { id: string; current: boolean }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({ ip: '127.0.0.1' });

    const bId = (
      (await get('/api/settings/sessions', b)).json().items as { id: string; current: boolean }[]
    ).find((s) => s.current)!.id;
    expect((await post('/api/settings/sessions/revoke', { sessionId: bId }, a)).statusCode).toBe(200);
    expect((await get('/api/settings/profile', b)).statusCode).toBe(401);
    const again = await post('/api/settings/sessions/revoke', { sessionId: bId }, a);
    expect([again.statusCode, again.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
    // Another member's sign-in is not one's own to end.
    const managerSession = (await get('/api/settings/sessions', manager)).json().items[0].id;
    const foreign = await post('/api/settings/sessions/revoke', { sessionId: managerSession }, a);
    expect(foreign.json().code).toBe('SESSION_NOT_FOUND');
    expect((await get('/api/settings/profile', manager)).statusCode).toBe(200);

    expect((await post('/api/settings/sessions/revoke-others', undefined, a)).json()).toEqual({
      success: true,
      sessions_ended: 1,
    });
    expect((await get('/api/settings/profile', c)).statusCode).toBe(401);
    expect((await get('/api/settings/profile', a)).statusCode).toBe(200);
    const revoked = (await accessEvents(id)).filter((e) => e.event === 'session_revoked');
    expect(revoked.map((e) => e.detail?.reason)).toEqual(['signed_out_elsewhere', 'signed_out_elsewhere']);
  });
});

describe('notification preferences', () => {
  it('lists every event with defaults, stores a choice and audits what changed', async () => {
    const id = await newMember('notify');
    const headers = await signIn('notify');
    const defaults = (await get('/api/settings/notifications', headers)).json().items;
    expect(defaults).toHaveLength(9);
    expect(defaults).toContainEqual({ kind: 'fraud_alert', severity: 'low', inbox: false, desktop: false });
    expect(defaults).toContainEqual({ kind: 'kyc_waiting', severity: null, inbox: true, desktop: false });

    const res = await post(
      '/api/settings/notifications',
      { items: [{ kind: 'fraud_alert', severity: 'critical', inbox: true, desktop: true }] },
      headers,
    );
    expect(res.json().items).toContainEqual({
      kind: 'fraud_alert',
      severity: 'critical',
      inbox: true,
      desktop: true,
    });
    expect((await get('/api/settings/notifications', headers)).json().items).toHaveLength(9);
    expect(await auditOf(id)).toEqual([
      {
        action: 'update',
        before: { notify_fraud_alert_critical: ['inbox'] },
        after: { notify_fraud_alert_critical: ['inbox', 'desktop'] },
      },
    ]);
    // Saving the same again writes nothing.
    await post(
      '/api/settings/notifications',
      { items: [{ kind: 'fraud_alert', severity: 'critical', inbox: true, desktop: true }] },
      headers,
    );
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses an event twice, a fraud alert without severity and a severity elsewhere', async () => {
    const headers = manager;
    for (const items of [
      [
        { kind: 'p2p_dispute', severity: null, inbox: true, desktop: false },
        { kind: 'p2p_dispute', severity: null, inbox: false, desktop: false },
      ],
      [{ kind: 'fraud_alert', severity: null, inbox: true, desktop: false }],
      [{ kind: 'kyc_waiting', severity: 'high', inbox: true, desktop: false }],
      [],
    ]) {
      expect((await post('/api/settings/notifications', { items }, headers)).statusCode).toBe(400);
    }
  });
});
