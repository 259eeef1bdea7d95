import { describe, expect, it } from 'vitest';
import { until } from '../../../../../test/eventually.ts';
import { useTestApp } from '../../../../../test/harness.ts';
import { createTestDatabase, TEST_ENV } from '../../../../../test/test-server.ts';
import { buildApp } from '../../../../app.ts';
import { loadConfig } from '../../../../config/config.ts';
import { createDb, createPool } from '../../../../db/client.ts';
import { manualClock, systemClock } from '../../../../lib/clock.ts';
import { createDemoActivity, SUSPICIOUS_SCENARIOS } from './demo-activity.ts';
import { DEMO_ROUND_JOB } from './fraud-demo.module.ts';

const clock = manualClock('2030-03-02T10:00:00Z');
const t = useTestApp({}, { clock });
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
    const activity = createDemoActivity({ db: t.db, clock, suspiciousEvery: 0, seed: 1 });
    const report = await activity.tick(1);
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
    const activity = createDemoActivity({ db: t.db, clock, suspiciousEvery: 1, seed: 2 });
    const seen: string[] = [];
    for (const [round] of SUSPICIOUS_SCENARIOS.entries()) {
      clock.advance(3_600_000);
      const since = new Date(clock.now().getTime() - 1_800_000);
      const report = await activity.tick(round);
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
});

describe('the demo rounds, as a chain of jobs over several nodes', () => {
  it('keeps one round waiting however many nodes start, and goes on when a node stops', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      ...TEST_ENV,
      DATABASE_URL: database.appUrl,
      DEMO_ACTIVITY: '1',
      JOBS: 'true',
    });
    const nodes = await Promise.all(
      [0, 1].map(async () => {
        const pool = createPool(database.appUrl, 4);
        const app = await buildApp({
          config,
          db: createDb(pool),
          secret: 'x'.repeat(40),
          clock: systemClock,
        });
        await app.ready();
        return { app, pool };
      }),
    );
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const waiting = async () => {
      const { rows } = await b.pool.query<{ round: number }>(
        `SELECT (j.payload->>'round')::int AS round
           FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE t.identifier = $1 AND j.key = $1`,
        [DEMO_ROUND_JOB],
      );
      return rows;
    };
    // A round waits 5 s for its turn; the test makes the waiting one due at once instead (as the
    // owner: the app's role may not move jobs), and the runners' next poll takes it.
    const owner = createPool(database.url, 1);
    const untilRound = (round: number) =>
      until(
        async () => {
          await owner.query('UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1', [
            DEMO_ROUND_JOB,
          ]);
          return ((await waiting())[0]?.round ?? -1) >= round;
        },
        `round ${round}`,
        { timeoutMs: 20_000, everyMs: 200 },
      );
    try {
      expect(await waiting()).toEqual([{ round: 0 }]);
      const since = new Date();
      await untilRound(1);
      expect(await waiting()).toHaveLength(1);
      const { rows } = await b.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM customer_login_events WHERE at >= $1',
        [since],
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
      await a.app.close();
      await a.pool.end();
      await untilRound(2);
      expect(await waiting()).toHaveLength(1);
    } finally {
      for (const node of nodes) {
        await node.app.close().catch(() => {});
        await node.pool.end().catch(() => {});
      }
      await owner.end();
      await database.drop();
    }
  }, 45_000);
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
