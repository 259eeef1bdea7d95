import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config/config.ts';
import { manualClock } from '../../lib/clock.ts';
import { createDemoActivity, SUSPICIOUS_SCENARIOS } from './demo-activity.ts';

const clock = manualClock('2030-03-02T10:00:00Z');
const t = useTestApp({}, { clock });
const quiet = { info() {}, warn() {} };
const DECIMAL = /^\d+(\.\d+)?$/;

async function countSince(table: string, column: string, since: Date): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${column} >= $1`,
    [since],
  );
  return rows[0]!.n;
}

describe('demo activity', () => {
  it('writes plausible sign-ins and wallet transactions, dated by the clock', async () => {
    clock.advance(60_000);
    const since = clock.now();
    const activity = createDemoActivity({ pool: t.pool, clock, log: quiet, suspiciousEvery: 0, seed: 1 });
    const report = await activity.tick();
    expect(report.scenario).toBeNull();
    expect(report.signIns).toBeGreaterThanOrEqual(2);
    expect(report.walletTransactions).toBeGreaterThanOrEqual(1);
    expect(await countSince('customer_login_events', 'at', since)).toBe(report.signIns);
    expect(await countSince('p2p_trades', 'created_at', since)).toBe(report.trades);
    const { rows } = await t.pool.query<{ amount: string; type: string; status: string }>(
      'SELECT amount::text, type, status FROM wallet_transactions WHERE created_at >= $1',
      [since],
    );
    expect(rows).toHaveLength(report.walletTransactions);
    for (const row of rows) {
      expect(row.amount).toMatch(DECIMAL);
      expect(Number(row.amount)).toBeGreaterThan(0);
      expect(row.status).toBe(row.type === 'deposit' ? 'completed' : 'pending');
    }
  });

  it('now and then has a customer do what each rule looks for, in turn', async () => {
    const activity = createDemoActivity({ pool: t.pool, clock, log: quiet, suspiciousEvery: 1, seed: 2 });
    const seen: string[] = [];
    for (const _ of SUSPICIOUS_SCENARIOS) {
      clock.advance(3_600_000);
      const since = new Date(clock.now().getTime() - 1_800_000);
      const report = await activity.tick();
      seen.push(report.scenario!);
      if (report.scenario === 'failed_logins') {
        const { rows } = await t.pool.query<{ n: number; span: number }>(
          `SELECT count(*)::int AS n, extract(epoch FROM max(at) - min(at))::int AS span
             FROM customer_login_events WHERE at >= $1 AND outcome = 'failure' AND ip = ANY($2::inet[])
            GROUP BY customer_id ORDER BY n DESC LIMIT 1`,
          [since, ['203.0.113.17', '203.0.113.58', '198.51.100.203']],
        );
        expect(rows[0]!.n).toBeGreaterThanOrEqual(6);
        expect(rows[0]!.span).toBeLessThan(15 * 60);
      }
      if (report.scenario === 'withdrawal_velocity') {
        const { rows } = await t.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM wallet_transactions WHERE created_at >= $1 AND type = 'withdrawal'
            GROUP BY customer_id ORDER BY n DESC LIMIT 1`,
          [since],
        );
        expect(rows[0]!.n).toBeGreaterThanOrEqual(6);
      }
      if (report.scenario === 'withdrawal_after_deposit') {
        const { rows } = await t.pool.query<{ ratio: string }>(
          `SELECT (w.amount / d.amount)::text AS ratio
             FROM wallet_transactions d JOIN wallet_transactions w
               ON w.customer_id = d.customer_id AND w.type = 'withdrawal' AND w.created_at > d.created_at
            WHERE d.created_at >= $1 AND d.type = 'deposit' AND d.asset = 'TRY' AND w.asset = 'TRY'
              AND w.created_at - d.created_at <= interval '30 minutes'`,
          [since],
        );
        expect(rows.some((r) => Number(r.ratio) >= 0.8)).toBe(true);
      }
      if (report.scenario === 'p2p_amount') {
        const { rows } = await t.pool.query<{ amount: string }>(
          `SELECT t.trade_amount::text AS amount FROM p2p_trades t
             JOIN p2p_offers o USING (trade_market_guid)
            WHERE t.created_at >= $1 AND o.selling_contract_name LIKE 'USDT%' AND t.trade_amount >= 10000`,
          [since],
        );
        expect(rows.length).toBeGreaterThanOrEqual(1);
      }
    }
    expect(new Set(seen)).toEqual(new Set(SUSPICIOUS_SCENARIOS));
  });

  it('writes from one node only: the lead passes on when its holder stops', async () => {
    const a = createDemoActivity({ pool: t.pool, clock, log: quiet });
    const b = createDemoActivity({ pool: t.pool, clock, log: quiet });
    expect(await a.tryLead()).toBe(true);
    expect(await b.tryLead()).toBe(false);
    expect(b.isLeader()).toBe(false);
    await a.stop();
    expect(a.isLeader()).toBe(false);
    expect(await b.tryLead()).toBe(true);
    await b.stop();
  });
});

describe('DEMO_ACTIVITY', () => {
  const base = { NODE_ENV: 'development' } as const;
  const url = 'postgres://app@db.internal/backdesk';

  it('is on for the embedded demo database and off against DATABASE_URL', () => {
    expect(loadConfig({ ...base }).demoActivity).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: url }).demoActivity).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: url, DEMO: 'true' }).demoActivity).toBe(false);
  });

  it('is on against DATABASE_URL only when asked with 1, and off with 0', () => {
    expect(loadConfig({ ...base, DATABASE_URL: url, DEMO_ACTIVITY: '1' }).demoActivity).toBe(true);
    expect(loadConfig({ ...base, DEMO_ACTIVITY: '0' }).demoActivity).toBe(false);
    expect(loadConfig({ ...base, DEMO: 'false' }).demoActivity).toBe(false);
    expect(() => loadConfig({ ...base, DEMO_ACTIVITY: 'yes' })).toThrow(/DEMO_ACTIVITY/);
  });

  it('is off in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).demoActivity).toBe(false);
  });
});
