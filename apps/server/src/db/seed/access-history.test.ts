import { ACCESS_EVENTS } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { accessHistory, seedAccessHistory } from './access-history.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const MEMBERS = [
  { id: 1, user_name: 'super', roles: ['super'] },
  { id: 2, user_name: 'admin', roles: ['admin'] },
  { id: 3, user_name: 'manager', roles: ['manager'] },
  { id: 4, user_name: 'support', roles: ['support'] },
];
const FAILURES = new Set(['login_failed', 'login_throttled', 'captcha_failed']);

describe('the demo access history', () => {
  const rows = accessHistory(MEMBERS, NOW);

  it('is 30 days of known events, oldest first, the same every time', () => {
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((r) => (ACCESS_EVENTS as readonly string[]).includes(r.event))).toBe(true);
    const times = rows.map((r) => r.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(NOW.getTime() - 31 * 86_400_000);
    expect(times.at(-1)).toBeLessThan(NOW.getTime());
    expect(accessHistory(MEMBERS, NOW)).toEqual(rows);
  });

  it('leaves the sign-in throttle a clean day: no failure in the last 48 hours', () => {
    const recent = rows.filter(
      (r) => FAILURES.has(r.event) && r.at.getTime() > NOW.getTime() - 2 * 86_400_000,
    );
    expect(recent).toEqual([]);
  });

  it('signs in only members with a panel role; the others are refused', () => {
    const signedIn = new Set(rows.filter((r) => r.event === 'login').map((r) => r.userName));
    expect([...signedIn].sort()).toEqual(['admin', 'manager', 'super']);
    const fromOffice = rows.filter((r) => r.userName === 'support' && r.ip.startsWith('10.14.'));
    expect(fromOffice.map((r) => r.event)).toEqual(['access_denied']);
  });

  it('throttles the sprayer after 20 failures from its address', () => {
    const sprayer = rows.filter((r) => r.ip === '185.220.101.47').map((r) => r.event);
    expect(sprayer.slice(0, 20).every((e) => e === 'login_failed')).toBe(true);
    expect(sprayer.slice(20).every((e) => e === 'login_throttled')).toBe(true);
    expect(sprayer.length).toBeGreaterThan(20);
  });
});

describe('seedAccessHistory', () => {
  const t = useTestApp();
  const superUser = t.session('super');
  const get = (url: string) => t.app.inject({ url, headers: superUser });

  it('writes the history once through the chain, and the log lists and verifies it', async () => {
    const written = await seedAccessHistory(t.db.$client);
    expect(written).toBeGreaterThan(100);
    expect(await seedAccessHistory(t.db.$client)).toBe(0);
    const verify = (await get('/api/logs/verify?log=access')).json();
    expect(verify).toMatchObject({ intact: true, broken_id: null });
    const denied = (await get('/api/logs/access/count?event=access_denied&member=manager')).json().total;
    expect(denied.value).toBeGreaterThanOrEqual(1);
    const sprayed = (await get('/api/logs/access/count?ip=185.220.101.0/24')).json().total;
    expect(sprayed).toEqual({ value: 36, exact: true });
  });
});
