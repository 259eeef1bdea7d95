import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieHeader, login, solvedCaptcha } from '../../../../test/auth-client.ts';
import { buildTestApp, useTestApp } from '../../../../test/harness.ts';
import { manualClock } from '../../../lib/clock.ts';

/**
 * A clock for tests that let time pass. It starts at the real time because altcha-lib also checks a
 * captcha's expiry against the wall clock (captcha.service.ts); from there only the app's clock moves.
 */
const clockFromNow = () => manualClock(new Date());

const t = useTestApp();

const events = async (userName: string) =>
  (
    await t.db.execute<{ event: string }>(
      sql`SELECT event FROM access_log WHERE user_name = ${userName} ORDER BY id`,
    )
  ).rows.map((r) => r.event);

describe('POST /api/auth/login', () => {
  it.each(['super', 'admin', 'manager'])(
    'signs %s in with HttpOnly cookies and the original response (R2)',
    async (user) => {
      const res = await login(t.app, user);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'success', message: 'Login successful' });
      expect(body.token).toMatch(/^bd_at_/);
      expect(body.refreshToken).toMatch(/^bd_rt_/);
      const access = res.cookies.find((c) => c.name === 'auth.token' && c.value);
      const refresh = res.cookies.find((c) => c.name === 'auth.refresh-token' && c.value);
      expect(access).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(refresh).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });

      const me = await t.app.inject({ url: '/api/auth/credentials', headers: { cookie: cookieHeader(res) } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user_name: user, user_roles: [user] });
    },
  );

  it('answers an unknown user, a wrong password and a disabled account alike', async () => {
    await t.db.execute(sql`INSERT INTO staff_members (user_name, display_name, password_hash, roles, status)
      SELECT 'gone', 'Gone', password_hash, roles, 'disabled' FROM staff_members WHERE user_name = 'admin'`);
    const replies = [
      await login(t.app, 'nobody-here'),
      await login(t.app, 'manager', 'wrong-password'),
      await login(t.app, 'gone'),
    ];
    for (const res of replies) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        status: 'error',
        statusCode: 401,
        code: 'LOGIN_FAILED',
        message: 'Login failed',
      });
      expect(res.cookies).toHaveLength(0);
    }
    expect(await events('manager')).toContain('login_failed');
  });

  it('refuses a member without admin, super or manager and opens no session', async () => {
    const res = await login(t.app, 'support');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: 'error',
      message: 'Access denied: Administrative privileges required',
    });
    expect(res.cookies.filter((c) => c.value)).toHaveLength(0);
    const sessions = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff_sessions s JOIN staff_members m ON m.id = s.member_id WHERE m.user_name = 'support'`,
    );
    expect(sessions.rows[0]!.n).toBe(0);
    expect(await events('support')).toEqual(['access_denied']);
  });

  it('accepts each captcha once, also under concurrent replay', async () => {
    const captchaToken = await solvedCaptcha(t.app);
    const payload = { user_name: 'admin', password: 'backdesk-demo', captchaToken };
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload })),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400, 400, 400]);
    expect(replies.find((r) => r.statusCode === 400)!.json().code).toBe('CAPTCHA_INVALID');
  });

  it('refuses a captcha solved after its challenge expired', async () => {
    const clock = clockFromNow();
    const t2 = await buildTestApp({ CAPTCHA_TTL_SECONDS: '300' }, { clock });
    try {
      const captchaToken = await solvedCaptcha(t2.app);
      clock.advance(300_000);
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { user_name: 'admin', password: 'backdesk-demo', captchaToken },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CAPTCHA_INVALID');
      expect((await login(t2.app, 'admin')).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('refuses a forged or missing captcha and bad input', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        user_name: 'admin',
        password: 'backdesk-demo',
        captchaToken: Buffer.from('{"x":1}').toString('base64'),
      },
    });
    expect(forged.json().code).toBe('CAPTCHA_INVALID');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'admin' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', status: 'error', success: false });
    expect(
      missing
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['captchaToken', 'password']);
  });

  it('throttles failures per account with 429 and Retry-After, known or unknown', async () => {
    for (const user of ['throttle-me', 'support']) {
      for (let i = 0; i < 5; i++) expect((await login(t.app, user, 'bad')).statusCode).toBe(401);
      const sixth = await login(t.app, user, 'backdesk-demo');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe('TOO_MANY_ATTEMPTS');
      // The first of the growing delays (login-throttle.test.ts has the rest of the policy).
      expect(sixth.headers['retry-after']).toBe('1');
    }
  });
});

describe('throttling under concurrency', () => {
  it('counts concurrent guesses one by one', async () => {
    const tokens = await Promise.all(Array.from({ length: 9 }, () => solvedCaptcha(t.app)));
    const replies = await Promise.all(
      tokens.map((captchaToken) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { user_name: 'racer', password: 'guess', captchaToken },
        }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});

describe('sessions', () => {
  it('tells a missing token from an invalid one, and accepts a bearer token', async () => {
    const none = await t.app.inject({ url: '/api/auth/credentials' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      code: 'AUTHENTICATION_REQUIRED',
      message: 'Authentication required',
    });
    const bogus = await t.app.inject({
      url: '/api/auth/credentials',
      headers: { authorization: 'Bearer bd_at_nope' },
    });
    expect(bogus.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid token' });
    const { token } = (await login(t.app, 'manager')).json();
    const ok = await t.app.inject({
      url: '/api/auth/credentials',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.json().user_roles).toEqual(['manager']);
  });

  it('ends the session on sign-out and clears the cookies', async () => {
    const res = await login(t.app, 'admin');
    const cookie = cookieHeader(res);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'auth.token')?.value).toBe('');
    const after = await t.app.inject({ url: '/api/auth/credentials', headers: { cookie } });
    expect(after.json().message).toBe('Invalid token');
    expect(await events('admin')).toContain('signout');
  });

  it('rotates refresh tokens, and a reused one revokes the whole sign-in', async () => {
    const first = await login(t.app, 'super');
    const r1 = first.json().refreshToken;
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: r1 },
    });
    expect(rotated.statusCode).toBe(200);
    const { token: access2, refreshToken: r2 } = rotated.json();
    expect(r2).not.toBe(r1);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: r1 },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('Invalid token');
    const authError = reuse.cookies.find((c) => c.name === 'auth_error');
    expect(authError?.value).toBe('true');
    expect(authError?.httpOnly).toBeFalsy();

    const withNewAccess = await t.app.inject({
      url: '/api/auth/credentials',
      headers: { authorization: `Bearer ${access2}` },
    });
    expect(withNewAccess.statusCode).toBe(401);
    const withNewRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: r2 },
    });
    expect(withNewRefresh.statusCode).toBe(401);
    expect(await events('super')).toEqual(expect.arrayContaining(['login', 'refresh', 'refresh_reuse']));
  });

  it('says ACCESS_TOKEN_EXPIRED when only the access token ran out, then refreshes', async () => {
    const clock = clockFromNow();
    const t2 = await buildTestApp({ ACCESS_TOKEN_TTL_SECONDS: '900' }, { clock });
    try {
      const res = await login(t2.app, 'manager');
      const cookie = cookieHeader(res);
      clock.advance(899_000);
      expect((await t2.app.inject({ url: '/api/auth/credentials', headers: { cookie } })).statusCode).toBe(
        200,
      );
      clock.advance(1_000);
      const expired = await t2.app.inject({ url: '/api/auth/credentials', headers: { cookie } });
      expect(expired.json()).toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED', statusCode: 401 });
      const refreshed = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie },
      });
      expect(refreshed.statusCode).toBe(200);
      const again = await t2.app.inject({
        url: '/api/auth/credentials',
        headers: { cookie: cookieHeader(refreshed) },
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('ends the sign-in at its absolute lifetime with TokenExpiredError, logged once', async () => {
    const clock = clockFromNow();
    const t2 = await buildTestApp(
      { SESSION_TTL_SECONDS: '43200', ACCESS_TOKEN_TTL_SECONDS: '43200' },
      { clock },
    );
    try {
      const res = await login(t2.app, 'admin');
      const credentials = () =>
        t2.app.inject({ url: '/api/auth/credentials', headers: { cookie: cookieHeader(res) } });
      clock.advance(43_199_000);
      expect((await credentials()).statusCode).toBe(200);
      clock.advance(1_000);
      const expired = await credentials();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({
        code: 'TOKEN_EXPIRED',
        message: 'TokenExpiredError: session expired',
      });
      // The ended sign-in is revoked: later requests are refused without a second log row.
      expect((await credentials()).json().code).toBe('INVALID_TOKEN');
      const log = await t2.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM access_log WHERE event = 'session_expired'`,
      );
      expect(log.rows[0]!.n).toBe(1);
    } finally {
      await t2.close();
    }
  });
});

describe('refresh from a browser', () => {
  it('keeps the new tokens out of the body and retires the older access tokens', async () => {
    const res = await login(t.app, 'manager');
    const oldAccess = res.json().token;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: cookieHeader(res) },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ status: 'success', message: 'Session refreshed' });
    const left = await t.db.execute<{ s: number }>(sql`
      SELECT extract(epoch FROM expires_at - ${t.clock.now()}::timestamptz)::int AS s FROM session_tokens
      WHERE token_hash = sha256(convert_to(${oldAccess}, 'UTF8'))`);
    expect(left.rows[0]!.s).toBeGreaterThan(0);
    expect(left.rows[0]!.s).toBeLessThanOrEqual(30);
  });
});

describe('request limits', () => {
  it('turns a flood away before the sign-in work, in the one error shape', async () => {
    // A clock that stands still: the counts are per minute, and the four must fall in one.
    const t2 = await buildTestApp({ AUTH_REQUESTS_PER_MINUTE: '3' }, { clock: clockFromNow() });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await t2.app.inject({ url: '/api/auth/captcha' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await t2.app.inject({ url: '/api/auth/captcha' });
      expect(res.json()).toMatchObject({ status: 'error', code: 'TOO_MANY_REQUESTS' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t2.close();
    }
  });
});
