import type { AccessEvent } from '@backdesk/contract';
import { accessOutcome } from '@backdesk/contract';
import type pg from 'pg';
import { uuidV4 } from './addresses.ts';
import { ATTACKER_AGENTS, BROWSER_AGENTS } from './fraud.ts';
import { rowRng } from './prng.ts';

/**
 * The demo staff's last 30 days in the access log, so its filters have something to find on the
 * first start: working-day sign-ins from the office, sign-outs and expired sessions, the odd
 * mistyped password, a sign-in from home at a weekend, a manager refused a super's page, and one
 * night of password spraying from a foreign address that the throttle stopped. Rows go through the
 * table's insert trigger like any other (ids and the hash chain), oldest first.
 *
 * Nothing of it falls in the sign-in throttle's 24-hour window (decision 0006): failures end two days
 * before `now`, so no demo member starts out slowed down.
 */

export interface AccessHistoryRow {
  at: Date;
  event: AccessEvent;
  memberId: number | null;
  userName: string;
  ip: string;
  userAgent: string | null;
  detail: Record<string, unknown> | null;
}

interface Member {
  id: number;
  user_name: string;
  roles: string[];
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The office is in Istanbul (UTC+3): a working day seen in UTC. */
const OFFICE_OFFSET_MS = 3 * 3_600_000;
const HISTORY_DAYS = 30;
/** The throttle counts failures over 24 hours; the history's stop well before. */
const QUIET_BEFORE_NOW_MS = 2 * DAY_MS;
const PANEL_ROLES = new Set(['super', 'admin', 'manager']);

const SPRAYER = {
  ip: '185.220.101.47',
  userAgent: ATTACKER_AGENTS[0],
  names: ['admin', 'administrator', 'root', 'support', 'test', 'backdesk', 'operator', 'super'],
};

/** Midnight UTC of the office's calendar day `daysAgo` days before `now`. */
const officeDay = (now: Date, daysAgo: number) => {
  const local = new Date(now.getTime() + OFFICE_OFFSET_MS - daysAgo * DAY_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFICE_OFFSET_MS;
};

/** One member's days: sign-in and its end on most working days, now and then a mistyped password first. */
function memberDays(member: Member, index: number, now: Date, seed: number): AccessHistoryRow[] {
  const rows: AccessHistoryRow[] = [];
  const office = `10.14.2.${20 + index}`;
  const home = `88.230.${40 + index * 7}.${100 + index * 11}`;
  const userAgent = BROWSER_AGENTS[index % BROWSER_AGENTS.length]!;
  const who = { memberId: member.id, userName: member.user_name, userAgent };
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const rng = rowRng(seed, 7_000 + member.id, daysAgo);
    const midnight = officeDay(now, daysAgo);
    const weekday = new Date(midnight + OFFICE_OFFSET_MS).getUTCDay();
    const working = weekday >= 1 && weekday <= 5;
    if (working ? !rng.chance(0.9) : !rng.chance(0.12)) continue;
    const ip = working ? office : home;
    // 08:15–09:45 at the office, any time 10:00–20:00 from home.
    const start = midnight + (working ? rng.int(495, 585) : rng.int(600, 1200)) * MINUTE_MS;
    const failed = start - rng.int(20, 90) * 1000;
    if (rng.chance(0.08) && failed < now.getTime() - QUIET_BEFORE_NOW_MS)
      rows.push({ ...who, at: new Date(failed), event: 'login_failed', ip, detail: null });
    const session = uuidV4(rng);
    rows.push({ ...who, at: new Date(start), event: 'login', ip, detail: { sessionId: session } });
    const end = start + (working ? rng.int(420, 600) : rng.int(20, 90)) * MINUTE_MS;
    if (end > now.getTime()) continue;
    const event: AccessEvent = rng.chance(0.75) ? 'signout' : 'session_expired';
    rows.push({ ...who, at: new Date(end), event, ip, detail: { sessionId: session } });
  }
  return rows;
}

/** A night of password spraying 18 days ago: a guess a few seconds apart, then the throttle's refusals. */
function sprayingNight(members: Member[], now: Date, seed: number): AccessHistoryRow[] {
  const rng = rowRng(seed, 7_999, 0);
  const known = new Map(members.map((m) => [m.user_name, m.id]));
  const rows: AccessHistoryRow[] = [];
  let at = officeDay(now, 18) + (3 * 60 + 12) * MINUTE_MS;
  for (let attempt = 0; attempt < 36; attempt++) {
    at += rng.int(2, 9) * 1000;
    const userName = SPRAYER.names[attempt % SPRAYER.names.length]!;
    // Past 20 failures from one address, every further try waits (decision 0006, count 3).
    const throttled = attempt >= 20;
    rows.push({
      at: new Date(at),
      event: throttled ? 'login_throttled' : 'login_failed',
      memberId: known.get(userName) ?? null,
      userName,
      ip: SPRAYER.ip,
      userAgent: SPRAYER.userAgent,
      detail: throttled ? { retryAfterSeconds: 2 ** Math.min(attempt - 20, 10) } : null,
    });
  }
  return rows;
}

/**
 * The refusals: a manager opening a super's page (members), and a member without a panel role
 * (support) trying to sign in to the back office.
 */
function refusals(members: Member[], now: Date, seed: number): AccessHistoryRow[] {
  return members.flatMap((m, i): AccessHistoryRow[] => {
    const rng = rowRng(seed, 7_998, m.id);
    const at = new Date(officeDay(now, 9 + i * 5) + rng.int(600, 960) * MINUTE_MS);
    const who = {
      at,
      memberId: m.id,
      userName: m.user_name,
      ip: `10.14.2.${30 + i}`,
      userAgent: BROWSER_AGENTS[0],
    };
    if (!m.roles.some((r) => PANEL_ROLES.has(r)))
      return [{ ...who, event: 'access_denied', detail: { roles: m.roles } }];
    if (m.roles.includes('manager'))
      return [
        { ...who, event: 'access_denied', detail: { route: '/api/settings/members', required: 'staff' } },
      ];
    return [];
  });
}

/** Every row of the history, oldest first. */
export function accessHistory(members: Member[], now: Date, seed = 42): AccessHistoryRow[] {
  const panel = members.filter((m) => m.roles.some((r) => PANEL_ROLES.has(r)));
  return [
    ...panel.flatMap((m, i) => memberDays(m, i, now, seed)),
    ...sprayingNight(members, now, seed),
    ...refusals(members, now, seed),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Writes the history once, into an access log that holds nothing older than a day (a fresh demo). */
export async function seedAccessHistory(pool: pg.Pool, now = new Date()): Promise<number> {
  const { rows: older } = await pool.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM access_log WHERE at < $1) AS present`,
    [new Date(now.getTime() - DAY_MS)],
  );
  if (older[0]?.present) return 0;
  const { rows: members } = await pool.query<Member>(
    'SELECT id, user_name, roles FROM staff_members ORDER BY id',
  );
  const history = accessHistory(members, now);
  // One statement, oldest first: the insert trigger numbers and chains the rows in this order.
  await pool.query(
    `INSERT INTO access_log (event, outcome, at, member_id, user_name, ip, user_agent, detail)
     SELECT event, outcome, at, member_id, user_name, ip::inet, user_agent, detail
     FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::text[], $7::text[], $8::jsonb[])
       WITH ORDINALITY AS h(event, outcome, at, member_id, user_name, ip, user_agent, detail, n)
     ORDER BY n`,
    [
      history.map((r) => r.event),
      history.map((r) => accessOutcome(r.event)),
      history.map((r) => r.at),
      history.map((r) => r.memberId),
      history.map((r) => r.userName),
      history.map((r) => r.ip),
      history.map((r) => r.userAgent),
      history.map((r) => (r.detail ? JSON.stringify(r.detail) : null)),
    ],
  );
  return history.length;
}
