import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieHeader, login } from '../../../../test/auth-client.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { sessionHeaders } from '../../../../test/roles.ts';
import { manualClock } from '../../../lib/clock.ts';
import { base32Decode, hotp, timeStep, totp } from './totp.ts';

/** Starts at the real time: altcha-lib checks a captcha's expiry against the wall clock too. */
const clock = manualClock(new Date());
const t = useTestApp({}, { clock });

type Headers = Record<string, string>;

/** A fresh admin (or other role) with the demo password, so each test owns its member's state. */
async function newMember(role = 'admin') {
  const userName = `tf-${randomUUID().slice(0, 8)}`;
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO staff_members (user_name, display_name, password_hash, roles)
    SELECT ${userName}, ${`Member ${userName}`}, password_hash, ARRAY[${role}]::text[]
    FROM staff_members WHERE user_name = 'admin' RETURNING id`);
  const id = Number(rows[0]!.id);
  const headers = await bearer(id);
  return { id, userName, headers };
}

/** A session opened in the database for a member (as test/roles.ts does for the demo members). */
async function bearer(memberId: number): Promise<Headers> {
  const { rows } = await t.db.execute<{ user_name: string }>(
    sql`SELECT user_name FROM staff_members WHERE id = ${memberId}`,
  );
  // sessionHeaders looks a demo member up by name; any user name works the same.
  return sessionHeaders(t, rows[0]!.user_name as never);
}

const post = (url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

/** Turns the authenticator app on, as the page does: start, compute a code from the key, confirm. */
async function enrolTotp(headers: Headers) {
  const start = await post('/api/settings/two-factor/totp/start', headers);
  expect(start.statusCode).toBe(200);
  const key = base32Decode(start.json().secret);
  const confirm = await post('/api/settings/two-factor/totp/confirm', headers, {
    code: totp(key, clock.now()),
  });
  expect(confirm.statusCode).toBe(200);
  return { key, recoveryCodes: confirm.json().recovery_codes as string[] };
}

/** The first step; answers the challenge of a member with two-factor on. */
async function firstStep(userName: string) {
  const res = await login(t.app, userName);
  expect(res.statusCode).toBe(200);
  expect(res.cookies.filter((c) => c.value)).toEqual([]);
  const body = res.json();
  expect(body).toMatchObject({ status: 'success', twoFactorRequired: true });
  expect(body.token).toBeUndefined();
  return body as { challenge: string; methods: string[] };
}

const secondStep = (challenge: string, method: 'totp' | 'recovery', code: string) =>
  post('/api/auth/two-factor/code', {}, { challenge, method, code });

/** The code of the next step, after moving the clock there (a code is accepted once per step). */
function nextCode(key: Buffer) {
  clock.advance(30_000);
  return totp(key, clock.now());
}

const lastEvent = async (memberId: number) =>
  (
    await t.db.execute<{ event: string; detail: Record<string, unknown> | null }>(
      sql`SELECT event, detail FROM access_log WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 1`,
    )
  ).rows[0];

const auditActions = async (memberId: number) =>
  (
    await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'staff_member' AND entity_id = ${String(memberId)} ORDER BY id`,
    )
  ).rows.map((r) => r.action);

const methodCount = async (memberId: number) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM staff_two_factor_methods WHERE member_id = ${memberId}`,
      )
    ).rows[0]!.n,
  );

describe('authenticator-app enrolment', () => {
  it('shows a QR code and the key, and turns on only after a correct code', async () => {
    const m = await newMember();
    const start = await post('/api/settings/two-factor/totp/start', m.headers);
    const enrolment = start.json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_url).toBe(
      `otpauth://totp/Backdesk:${m.userName}?secret=${enrolment.secret}&issuer=Backdesk&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const key = base32Decode(enrolment.secret);
    const wrong = String((Number(totp(key, clock.now())) + 1) % 1e6).padStart(6, '0');
    const refused = await post('/api/settings/two-factor/totp/confirm', m.headers, { code: wrong });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'TWO_FACTOR_CODE_INVALID']);
    expect(await lastEvent(m.id)).toMatchObject({ event: 'two_factor_failed', detail: { purpose: 'enrol' } });
    expect(await methodCount(m.id)).toBe(0);
    expect((await get('/api/settings/two-factor', m.headers)).json().enabled).toBe(false);

    const ok = await post('/api/settings/two-factor/totp/confirm', m.headers, {
      code: totp(key, clock.now()),
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect(await auditActions(m.id)).toEqual(['enable_two_factor']);

    const status = (await get('/api/settings/two-factor', m.headers)).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, passkeys: [] });
    expect(status.totp).not.toBeNull();
    // A second app cannot be started while one is on.
    const again = await post('/api/settings/two-factor/totp/start', m.headers);
    expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('keeps the key encrypted and the recovery codes only as keyed hashes', async () => {
    const m = await newMember();
    const { key, recoveryCodes } = await enrolTotp(m.headers);
    const { rows } = await t.db.execute<{ secret_encrypted: Buffer }>(
      sql`SELECT secret_encrypted FROM staff_two_factor_methods WHERE member_id = ${m.id}`,
    );
    const sealed = rows[0]!.secret_encrypted;
    expect(sealed.length).toBe(12 + 16 + key.length);
    expect(sealed.includes(key)).toBe(false);
    const hashes = await t.db.execute<{ code_hash: Buffer }>(
      sql`SELECT code_hash FROM staff_recovery_codes WHERE member_id = ${m.id}`,
    );
    expect(hashes.rows).toHaveLength(10);
    const plain = recoveryCodes.map((c) => c.replace(/-/g, ''));
    for (const { code_hash } of hashes.rows) {
      expect(code_hash.length).toBe(32);
      expect(plain.some((c) => code_hash.includes(Buffer.from(c)))).toBe(false);
    }
  });
});

describe('sign-in with two-factor on', () => {
  it('asks for a code before any cookie, then signs in with it', async () => {
    const m = await newMember();
    const { key } = await enrolTotp(m.headers);
    const { challenge, methods } = await firstStep(m.userName);
    expect(methods).toEqual(['totp', 'recovery']);

    const res = await secondStep(challenge, 'totp', nextCode(key));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Login successful' });
    const me = await get('/api/auth/credentials', { cookie: cookieHeader(res) });
    expect(me.json()).toMatchObject({ user_name: m.userName, required_action: null });
    expect(await lastEvent(m.id)).toMatchObject({ event: 'login', detail: { secondFactor: 'totp' } });
  });

  it('keeps the plain login (R2) for a member without two-factor', async () => {
    const res = await login(t.app, 'manager');
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Login successful',
      token: expect.stringMatching(/^bd_at_/),
      auth_token: expect.stringMatching(/^bd_at_/),
      refreshToken: expect.stringMatching(/^bd_rt_/),
    });
  });

  it('refuses a code used before, even in a new sign-in in the same step', async () => {
    const m = await newMember();
    const { key } = await enrolTotp(m.headers);
    const code = nextCode(key);
    expect((await secondStep((await firstStep(m.userName)).challenge, 'totp', code)).statusCode).toBe(200);
    const replay = await secondStep((await firstStep(m.userName)).challenge, 'totp', code);
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'TWO_FACTOR_CODE_REUSED']);
    expect(replay.cookies.filter((c) => c.value)).toEqual([]);
    expect(await lastEvent(m.id)).toMatchObject({
      event: 'two_factor_failed',
      detail: { reason: 'TWO_FACTOR_CODE_REUSED' },
    });
    // The code of an earlier step than one already used is refused the same way.
    const earlier = hotp(key, timeStep(clock.now()) - 1);
    const again = await secondStep((await firstStep(m.userName)).challenge, 'totp', earlier);
    expect(again.json().code).toBe('TWO_FACTOR_CODE_REUSED');
  });

  it('tells an expired code, a wrong one and another member’s apart from success', async () => {
    const m = await newMember();
    const other = await newMember();
    const { key } = await enrolTotp(m.headers);
    const { key: otherKey } = await enrolTotp(other.headers);
    clock.advance(30_000);
    const { challenge } = await firstStep(m.userName);
    const expired = await secondStep(challenge, 'totp', hotp(key, timeStep(clock.now()) - 4));
    expect(expired.json().code).toBe('TWO_FACTOR_CODE_EXPIRED');
    const othersCode = totp(otherKey, clock.now());
    const foreign = await secondStep(
      challenge,
      'totp',
      othersCode === totp(key, clock.now()) ? '000000' : othersCode,
    );
    expect(foreign.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    const malformed = await secondStep(challenge, 'totp', '12ab56');
    expect(malformed.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect(await methodCount(m.id)).toBe(1);
    expect((await secondStep(challenge, 'totp', totp(key, clock.now()))).statusCode).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const m = await newMember();
    const { recoveryCodes } = await enrolTotp(m.headers);
    const code = recoveryCodes[3]!;
    const first = await secondStep((await firstStep(m.userName)).challenge, 'recovery', code.toLowerCase());
    expect(first.statusCode).toBe(200);
    expect(
      await t.db.execute(
        sql`SELECT 1 FROM access_log WHERE member_id = ${m.id} AND event = 'recovery_code_used'`,
      ),
    ).toMatchObject({ rowCount: 1 });
    const second = await secondStep((await firstStep(m.userName)).challenge, 'recovery', code);
    expect([second.statusCode, second.json().code]).toEqual([400, 'RECOVERY_CODE_USED']);
    const unknown = await secondStep((await firstStep(m.userName)).challenge, 'recovery', 'AAAA-BBBB-CCCC');
    expect(unknown.json().code).toBe('RECOVERY_CODE_INVALID');
    expect((await get('/api/settings/two-factor', m.headers)).json().recovery_codes_left).toBe(9);
  });

  it('lets a challenge pass once and expire after five minutes', async () => {
    const m = await newMember();
    const { key } = await enrolTotp(m.headers);
    const { challenge } = await firstStep(m.userName);
    expect((await secondStep(challenge, 'totp', nextCode(key))).statusCode).toBe(200);
    const reused = await secondStep(challenge, 'totp', nextCode(key));
    expect(reused.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    const late = await firstStep(m.userName);
    clock.advance(5 * 60_000 + 1);
    const expired = await secondStep(late.challenge, 'totp', totp(key, clock.now()));
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'TWO_FACTOR_CHALLENGE_EXPIRED']);
    expect(await lastEvent(m.id)).toMatchObject({
      event: 'two_factor_failed',
      detail: { reason: 'TWO_FACTOR_CHALLENGE_EXPIRED' },
    });
    const unknown = await secondStep(`bd_2f_${'x'.repeat(43)}`, 'totp', '123456');
    expect(unknown.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('throttles wrong codes per member with growing waits, and the challenge dies after five', async () => {
    const m = await newMember();
    const { key } = await enrolTotp(m.headers);
    clock.advance(30_000);
    const wrong = String((Number(totp(key, clock.now())) + 500_000) % 1e6).padStart(6, '0');
    const { challenge } = await firstStep(m.userName);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(challenge, 'totp', wrong)).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    // The sixth answer to this challenge: it is spent, password and captcha again.
    expect((await secondStep(challenge, 'totp', totp(key, clock.now()))).json().code).toBe(
      'TWO_FACTOR_CHALLENGE_EXPIRED',
    );
    const fresh = (await firstStep(m.userName)).challenge;
    const throttled = await secondStep(fresh, 'totp', totp(key, clock.now()));
    expect([throttled.statusCode, throttled.json().code]).toEqual([429, 'TWO_FACTOR_THROTTLED']);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await lastEvent(m.id)).toMatchObject({ event: 'two_factor_throttled' });
    // Not counted against the challenge; after the wait the right code passes.
    clock.advance(2_000);
    expect((await secondStep(fresh, 'totp', totp(key, clock.now()))).statusCode).toBe(200);
  });

  it('refuses a passkey sign-in for a member without passkeys, or with an unknown credential', async () => {
    const m = await newMember();
    await enrolTotp(m.headers);
    const { challenge } = await firstStep(m.userName);
    const options = await post('/api/auth/two-factor/passkey/options', {}, { challenge });
    expect([options.statusCode, options.json().code]).toEqual([400, 'PASSKEY_UNKNOWN']);
    const fake = Buffer.from('not-a-registered-credential').toString('base64url');
    const res = await post(
      '/api/auth/two-factor/passkey',
      {},
      {
        challenge,
        credential: {
          id: fake,
          rawId: fake,
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    );
    expect([res.statusCode, res.json().code]).toEqual([400, 'PASSKEY_UNKNOWN']);
    expect(res.cookies.filter((c) => c.value)).toEqual([]);
    expect(await lastEvent(m.id)).toMatchObject({
      event: 'two_factor_failed',
      detail: { reason: 'PASSKEY_UNKNOWN' },
    });
  });

  it('refuses a passkey registration that does not answer a challenge it was given', async () => {
    const m = await newMember();
    const options = await post('/api/settings/two-factor/passkeys/options', m.headers);
    expect(options.json()).toMatchObject({ rp: { name: 'Backdesk', id: 'localhost' }, attestation: 'none' });
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: 'made-up' }),
    ).toString('base64url');
    const res = await post('/api/settings/two-factor/passkeys/add', m.headers, {
      name: 'Key',
      credential: {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: clientData, attestationObject: 'AAAA' },
        clientExtensionResults: {},
      },
    });
    expect(res.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    // Over the real challenge, an attestation that does not verify.
    const real = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.json().challenge,
        origin: 'http://localhost',
      }),
    ).toString('base64url');
    const rejected = await post('/api/settings/two-factor/passkeys/add', m.headers, {
      name: 'Key',
      credential: {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: real, attestationObject: 'AAAA' },
        clientExtensionResults: {},
      },
    });
    expect(rejected.json().code).toBe('PASSKEY_REJECTED');
    expect(await methodCount(m.id)).toBe(0);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a current code; a wrong one changes nothing', async () => {
    const m = await newMember();
    const { key } = await enrolTotp(m.headers);
    const off = (password: string, code: string) =>
      post('/api/settings/two-factor/disable', m.headers, { password, method: 'totp', code });
    const badPassword = await off('not-the-password', nextCode(key));
    expect(badPassword.json().code).toBe('CURRENT_PASSWORD_WRONG');
    const badCode = await off('backdesk-demo', '000000' === totp(key, clock.now()) ? '111111' : '000000');
    expect(badCode.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect(await methodCount(m.id)).toBe(1);
    expect(await auditActions(m.id)).toEqual(['enable_two_factor']);

    expect((await off('backdesk-demo', nextCode(key))).statusCode).toBe(200);
    expect(await methodCount(m.id)).toBe(0);
    expect(await auditActions(m.id)).toEqual(['enable_two_factor', 'disable_two_factor']);
    expect(await lastEvent(m.id)).toMatchObject({ event: 'two_factor_disabled' });
    // Signed in again with the password alone: the plain answer (R2).
    expect((await login(t.app, m.userName)).json().token).toMatch(/^bd_at_/);
    expect((await off('backdesk-demo', '123456')).json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('renews recovery codes with the password: the old ones stop working', async () => {
    const m = await newMember();
    const { recoveryCodes } = await enrolTotp(m.headers);
    const wrong = await post('/api/settings/two-factor/recovery-codes', m.headers, { password: 'nope' });
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    const renewed = await post('/api/settings/two-factor/recovery-codes', m.headers, {
      password: 'backdesk-demo',
    });
    expect(renewed.json().recovery_codes).toHaveLength(10);
    expect(await lastEvent(m.id)).toMatchObject({ event: 'recovery_codes_renewed' });
    const old = await secondStep((await firstStep(m.userName)).challenge, 'recovery', recoveryCodes[0]!);
    expect(old.json().code).toBe('RECOVERY_CODE_INVALID');
    const fresh = await secondStep(
      (await firstStep(m.userName)).challenge,
      'recovery',
      renewed.json().recovery_codes[0],
    );
    expect(fresh.statusCode).toBe(200);
    expect(await auditActions(m.id)).toEqual(['enable_two_factor', 'renew_recovery_codes']);
  });
});

describe('a super resets a member’s two-factor', () => {
  it('removes every factor, audited on the member and logged, and refuses their own', async () => {
    const superHeaders = await sessionHeaders(t, 'super');
    const m = await newMember();
    await enrolTotp(m.headers);
    const reset = await post('/api/members/two-factor/reset', superHeaders, { id: m.id });
    expect(reset.json()).toEqual({ success: true, methods_removed: 1 });
    expect(await methodCount(m.id)).toBe(0);
    expect(await auditActions(m.id)).toEqual(['enable_two_factor', 'reset_two_factor']);
    expect(await lastEvent(m.id)).toMatchObject({ event: 'two_factor_reset' });
    expect((await login(t.app, m.userName)).json().token).toMatch(/^bd_at_/);
    // Nothing left to reset: no audit row.
    expect(
      (await post('/api/members/two-factor/reset', superHeaders, { id: m.id })).json().methods_removed,
    ).toBe(0);
    expect(await auditActions(m.id)).toHaveLength(2);

    const superId = (
      await t.db.execute<{ id: number }>(sql`SELECT id FROM staff_members WHERE user_name = 'super'`)
    ).rows[0]!.id;
    const own = await post('/api/members/two-factor/reset', superHeaders, { id: Number(superId) });
    expect(own.json().code).toBe('TWO_FACTOR_RESET_OWN');
    const missing = await post('/api/members/two-factor/reset', superHeaders, { id: 999_999 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    const byAdmin = await post('/api/members/two-factor/reset', m.headers, { id: Number(superId) });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('the sign-in gate', () => {
  it('confines a member who must change their password to the allowlist', async () => {
    const m = await newMember('manager');
    await t.db.execute(sql`UPDATE staff_members SET must_change_password = true WHERE id = ${m.id}`);
    const me = await get('/api/auth/credentials', m.headers);
    expect(me.json().required_action).toBe('change_password');
    expect((await get('/api/settings/profile', m.headers)).statusCode).toBe(200);
    const refused = await get('/api/dashboard/kpis', m.headers);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
    expect(refused.json().message).not.toMatch(/Authentication required|TokenExpiredError|Invalid token/);
    expect(await lastEvent(m.id)).toMatchObject({
      event: 'access_denied',
      detail: { required: 'change_password', route: 'GET /api/dashboard/kpis' },
    });
    // Enrolment is not on this member's allowlist: the password comes first.
    expect((await get('/api/settings/two-factor', m.headers)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('sends an admin or super without two-factor to enrol when a super requires it', async () => {
    const superHeaders = await sessionHeaders(t, 'super');
    const admin = await newMember('admin');
    const manager = await newMember('manager');
    const status = (await get('/api/settings/two-factor', superHeaders)).json();
    expect(status.required_for_admins).toEqual({ value: false, version: 0 });
    // A super without two-factor would lock themselves into enrolment: they set it up first.
    const self = await post('/api/settings/two-factor/requirement', superHeaders, {
      required: true,
      version: 0,
    });
    expect(self.json().code).toBe('TWO_FACTOR_REQUIRE_SELF_FIRST');
    await enrolTotp(superHeaders);

    const stale = await post('/api/settings/two-factor/requirement', superHeaders, {
      required: true,
      version: 3,
    });
    expect(stale.json().code).toBe('STALE_EDIT');
    const on = await post('/api/settings/two-factor/requirement', superHeaders, {
      required: true,
      version: 0,
    });
    expect(on.json()).toEqual({ success: true, value: true, version: 1 });
    const audit = await t.db.execute(
      sql`SELECT before, after FROM audit_log WHERE entity = 'app_setting' AND entity_id = 'two_factor_required_for_admins'`,
    );
    expect(audit.rows).toEqual([
      { before: { two_factor_required_for_admins: false }, after: { two_factor_required_for_admins: true } },
    ]);
    try {
      expect((await get('/api/auth/credentials', admin.headers)).json().required_action).toBe(
        'enrol_two_factor',
      );
      const refused = await get('/api/dashboard/kpis', admin.headers);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'TWO_FACTOR_ENROLMENT_REQUIRED']);
      expect((await get('/api/settings/two-factor', admin.headers)).json().required_for_me).toBe(true);
      // A manager is not concerned.
      expect((await get('/api/dashboard/kpis', manager.headers)).statusCode).toBe(200);

      await enrolTotp(admin.headers);
      expect((await get('/api/auth/credentials', admin.headers)).json().required_action).toBeNull();
      expect((await get('/api/dashboard/kpis', admin.headers)).statusCode).toBe(200);
    } finally {
      const off = await post('/api/settings/two-factor/requirement', superHeaders, {
        required: false,
        version: 1,
      });
      expect(off.json()).toEqual({ success: true, value: false, version: 2 });
    }
    // Setting the value it already has writes nothing.
    const same = await post('/api/settings/two-factor/requirement', superHeaders, {
      required: false,
      version: 2,
    });
    expect(same.json().version).toBe(2);
  });
});
