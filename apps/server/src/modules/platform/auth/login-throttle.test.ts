import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { login } from '../../../../test/auth-client.ts';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { sessionHeaders } from '../../../../test/roles.ts';
import { manualClock } from '../../../lib/clock.ts';

/**
 * docs/decisions/0006-sign-in-throttling.md, attacked both ways: guessing (one address, many
 * addresses, one address across accounts) is slowed; nobody can lock an owner out from elsewhere.
 * Addresses come from X-Forwarded-For through one trusted proxy. The clock starts at the real time
 * (altcha-lib checks a captcha's expiry against the wall clock) and only moves when told.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Clock = ReturnType<typeof manualClock>;

async function app(env: Record<string, string> = {}): Promise<{ t: TestApp; clock: Clock }> {
  const clock = manualClock(new Date());
  t = await buildTestApp({ TRUST_PROXY: '1', ...env }, { clock });
  return { t, clock };
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const attempt = async (a: TestApp, user: string, ip: string, password = 'wrong-guess') => {
  const res = await login(a.app, user, password, from(ip));
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], code: res.json().code };
};

describe('one account from one address', () => {
  it('waits twice as long after each failure past the free ones, up to the cap', async () => {
    const { t, clock } = await app({ LOGIN_FAILURES_BEFORE_DELAY: '3', LOGIN_MAX_DELAY_SECONDS: '4' });
    for (let i = 0; i < 3; i++) expect((await attempt(t, 'manager', '10.0.0.9')).status).toBe(401);
    for (const wait of [1, 2, 4, 4]) {
      expect(await attempt(t, 'manager', '10.0.0.9')).toMatchObject({
        status: 429,
        code: 'TOO_MANY_ATTEMPTS',
        retryAfter: String(wait),
      });
      clock.advance(wait * 1000 - 1);
      expect((await attempt(t, 'manager', '10.0.0.9')).status).toBe(429);
      clock.advance(1);
      expect((await attempt(t, 'manager', '10.0.0.9')).status).toBe(401);
    }
    // Another address is not slowed by this one's guesses.
    expect((await attempt(t, 'manager', '10.0.0.10', 'backdesk-demo')).status).toBe(200);
  });

  it('starts afresh after a successful sign-in', async () => {
    const { t, clock } = await app({ LOGIN_FAILURES_BEFORE_DELAY: '2' });
    for (let i = 0; i < 2; i++) await attempt(t, 'admin', '10.0.0.7');
    clock.advance(1000);
    expect((await attempt(t, 'admin', '10.0.0.7', 'backdesk-demo')).status).toBe(200);
    clock.advance(1); // failures count from after the sign-in
    expect((await attempt(t, 'admin', '10.0.0.7')).status).toBe(401);
    expect((await attempt(t, 'admin', '10.0.0.7')).status).toBe(401);
    expect((await attempt(t, 'admin', '10.0.0.7')).status).toBe(429);
  });
});

describe('one account from many addresses', () => {
  it('slows the guessers, while the owner still signs in from a known address', async () => {
    const { t, clock } = await app({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '10' });
    // The owner signed in from the office before the attack.
    expect((await attempt(t, 'manager', '192.0.2.10', 'backdesk-demo')).status).toBe(200);

    const guesser = (n: number) => `198.51.100.${n}`;
    for (let n = 1; n <= 10; n++) expect((await attempt(t, 'manager', guesser(n))).status).toBe(401);
    // Past the ceiling every address the account never signed in from waits, longer each time.
    expect(await attempt(t, 'manager', guesser(11))).toMatchObject({ status: 429, retryAfter: '1' });
    clock.advance(1000);
    expect((await attempt(t, 'manager', guesser(12))).status).toBe(401);
    expect(await attempt(t, 'manager', guesser(13))).toMatchObject({ status: 429, retryAfter: '2' });

    // The owner is not locked out: a correct password from the known address works at once…
    expect((await attempt(t, 'manager', '192.0.2.10', 'backdesk-demo')).status).toBe(200);
    // …while from an address never used before the owner waits like the guessers.
    expect((await attempt(t, 'manager', '203.0.113.5', 'backdesk-demo')).status).toBe(429);
  });
});

describe('one address across accounts', () => {
  it('slows password spraying, but not the members who sign in from there', async () => {
    const { t } = await app({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    expect((await attempt(t, 'admin', '10.9.9.9', 'backdesk-demo')).status).toBe(200);
    for (const user of ['a1', 'a2', 'a3']) expect((await attempt(t, user, '10.9.9.9')).status).toBe(401);
    expect((await attempt(t, 'manager', '10.9.9.9', 'backdesk-demo')).status).toBe(429);
    expect((await attempt(t, 'admin', '10.9.9.9', 'backdesk-demo')).status).toBe(200);
  });
});

describe('a super clears an account', () => {
  const clear = (a: TestApp, headers: Record<string, string>, user_name: string) =>
    a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-throttle/clear',
      headers,
      payload: { user_name },
    });

  it('lets the owner in from anywhere again, audited once', async () => {
    const { t } = await app({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '4' });
    for (let n = 1; n <= 4; n++) await attempt(t, 'manager', `198.51.100.${n}`);
    expect((await attempt(t, 'manager', '203.0.113.5', 'backdesk-demo')).status).toBe(429);

    const superHeaders = await sessionHeaders(t, 'super');
    const cleared = await clear(t, superHeaders, 'Manager');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ success: true, failures_cleared: 4 });
    expect((await attempt(t, 'manager', '203.0.113.5', 'backdesk-demo')).status).toBe(200);

    // Nothing left to clear: no second audit row.
    expect((await clear(t, superHeaders, 'manager')).json().failures_cleared).toBe(0);
    const audit = await t.db.execute<{
      action: string;
      before: unknown;
      after: unknown;
      user_name: string;
    }>(sql`
      SELECT a.action, a.before, a.after, m.user_name FROM audit_log a JOIN staff_members m ON m.id = a.member_id
      WHERE a.entity = 'staff_member'`);
    expect(audit.rows).toEqual([
      { action: 'lift', before: { sign_in_failures: 4 }, after: { sign_in_failures: 0 }, user_name: 'super' },
    ]);

    const unknown = await clear(t, superHeaders, 'nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('STAFF_MEMBER_NOT_FOUND');
    expect((await clear(t, await sessionHeaders(t, 'admin'), 'manager')).statusCode).toBe(403);
  });
});
