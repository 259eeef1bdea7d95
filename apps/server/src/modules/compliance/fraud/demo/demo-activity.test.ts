import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBackdeskClient } from '@backdesk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../../test/eventually.ts';
import { useTestApp } from '../../../../../test/harness.ts';
import { createTestDatabase, TEST_ENV } from '../../../../../test/test-server.ts';
import { buildApp } from '../../../../app.ts';
import { loadConfig } from '../../../../config/config.ts';
import { createDb, createPool } from '../../../../db/client.ts';
import { manualClock, systemClock } from '../../../../lib/clock.ts';
import {
  createIntegrationsRepository,
  ensureSimulatorKey,
  SIMULATOR_INTEGRATION,
} from '../../../platform/integrations/index.ts';
import {
  createDemoActivity,
  type DemoApi,
  DemoApiUnavailable,
  SUSPICIOUS_SCENARIOS,
} from './demo-activity.ts';
import { DEMO_ROUND_JOB, ownUrl } from './fraud-demo.module.ts';

// The activity against this app listening on loopback, as the exchange simulator's integration: each
// round goes through the public API over HTTP (key, scopes, Idempotency-Key, call log).
const clock = manualClock('2030-03-02T10:00:00Z');
const t = useTestApp({}, { clock });
const DECIMAL = /^\d+(\.\d+)?$/;
const fast = { retries: 1, baseDelayMs: 5, maxDelayMs: 20 };
let api: DemoApi;
let simulator: number;
let dataDir: string;

beforeAll(async () => {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-demo-activity-'));
  const key = await ensureSimulatorKey(t.db, dataDir);
  simulator = (await createIntegrationsRepository().findByName(t.db, SIMULATOR_INTEGRATION))!.id;
  api = createBackdeskClient({ baseUrl: url, apiKey: key, retry: fast });
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

async function countSince(table: string, column: string, since: Date): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${column} >= $1`,
    [since],
  );
  return rows[0]!.n;
}

/** The simulator's calls in the call log, by route (it is written a moment after each answer). */
async function simulatorCalls(): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ route: string; n: number; applied: number }>(
    `SELECT route, count(*)::int AS n FROM integration_calls
      WHERE integration_id = $1 AND status = 200 GROUP BY route`,
    [simulator],
  );
  return Object.fromEntries(rows.map((r) => [r.route, r.n]));
}

describe('demo activity', () => {
  it('sends plausible sign-ins and wallet transactions over the public API, dated by the clock', async () => {
    clock.advance(60_000);
    const since = clock.now();
    const callsBefore = await simulatorCalls();
    const activity = createDemoActivity({ db: t.db, clock, api: () => api, suspiciousEvery: 0, seed: 1 });
    const report = await activity.tick(1, 'first');
    expect(report.scenario).toBeNull();
    expect(report.signIns).toBeGreaterThanOrEqual(2);
    expect(report.walletTransactions).toBeGreaterThanOrEqual(1);
    expect(await countSince('customer_login_events', 'at', since)).toBe(report.signIns);
    expect(await countSince('p2p_trades', 'created_at', since)).toBe(report.trades);
    const { rows } = await t.pool.query<{ amount: string; type: string; status: string; source: number }>(
      `SELECT amount::text, type, status, source_integration_id AS source
         FROM wallet_transactions WHERE created_at >= $1`,
      [since],
    );
    // A withdrawal its check held for review is Backdesk's row (under review), not one the round sent.
    const held = rows.filter((r) => r.status === 'under_review');
    expect(rows.length - held.length).toBe(report.walletTransactions);
    expect(held.length).toBe(report.checks.review);
    for (const row of rows) {
      expect(row.amount).toMatch(DECIMAL);
      expect(Number(row.amount)).toBeGreaterThan(0);
      if (row.status !== 'under_review')
        expect(row.status).toBe(row.type === 'deposit' ? 'completed' : 'pending');
      expect(row.source).toBe(simulator);
    }
    const { rows: signIns } = await t.pool.query<{ source: number }>(
      'SELECT DISTINCT source_integration_id AS source FROM customer_login_events WHERE at >= $1',
      [since],
    );
    expect(signIns).toEqual([{ source: simulator }]);
    // The round's batches are the simulator integration's calls, one a kind it sent.
    const sent = {
      '/api/v1/ingest/sign-ins': 1,
      '/api/v1/checks/withdrawal': report.checks.allow + report.checks.review + report.checks.block,
      '/api/v1/ingest/wallet-transactions': report.walletTransactions ? 1 : 0,
      '/api/v1/ingest/p2p-trades': report.trades ? 1 : 0,
    };
    await until(async () => {
      const calls = await simulatorCalls();
      return Object.entries(sent).every(
        ([route, n]) => (calls[route] ?? 0) - (callsBefore[route] ?? 0) === n,
      );
    }, 'the round in the call log');
  });

  it('sends travel-rule data with crypto transfers, each withdrawal checked first and sent only when allowed', async () => {
    clock.advance(60_000);
    const since = clock.now();
    const activity = createDemoActivity({ db: t.db, clock, api: () => api, suspiciousEvery: 0, seed: 9 });
    const shapes: Record<string, number> = {};
    const checks = { allow: 0, review: 0, block: 0 };
    for (let round = 0; round < 30; round++) {
      clock.advance(5_000);
      const report = await activity.tick(round, 'travel-rule');
      for (const [shape, n] of Object.entries(report.travelRule)) shapes[shape] = (shapes[shape] ?? 0) + n;
      for (const d of ['allow', 'review', 'block'] as const) checks[d] += report.checks[d];
    }
    // Every withdrawal was asked about, as the simulator's integration.
    const { rows: recorded } = await t.pool.query<{ decision: keyof typeof checks; n: number }>(
      `SELECT decision, count(*)::int AS n FROM realtime_checks
        WHERE integration_id = $1 AND evaluated_at >= $2 GROUP BY decision`,
      [simulator, since],
    );
    expect(Object.fromEntries(recorded.map((r) => [r.decision, r.n]))).toEqual(
      Object.fromEntries(Object.entries(checks).filter(([, n]) => n > 0)),
    );
    // A withdrawal is there only as its check answered: sent (pending) when allowed, held when not.
    const { rows: withdrawals } = await t.pool.query<{ status: string; decision: string | null }>(
      `SELECT w.status, c.decision FROM wallet_transactions w
         LEFT JOIN realtime_checks c ON c.external_ref = w.external_id AND c.integration_id = $1
        WHERE w.type = 'withdrawal' AND w.created_at >= $2`,
      [simulator, since],
    );
    expect(withdrawals.length).toBe(checks.allow + checks.review);
    for (const w of withdrawals)
      expect([w.decision, w.status]).toEqual(
        w.decision === 'allow' ? ['allow', 'pending'] : ['review', 'under_review'],
      );
    // Most crypto transfers carry complete data; the rest names only, a gap, a self-hosted wallet, or none.
    expect(shapes.complete).toBeGreaterThan(0);
    expect((shapes.names_only ?? 0) + (shapes.gap ?? 0) + (shapes.self_hosted ?? 0)).toBeGreaterThan(0);
    // Each transfer sent with data has its record, evaluated as the rule has it.
    const { rows: records } = await t.pool.query<{ state: string; wallet_kind: string; originator: unknown }>(
      `SELECT r.state, r.wallet_kind, r.originator FROM travel_rule_records r
         JOIN wallet_transactions w ON w.id = r.transaction_id
        WHERE w.created_at >= $1 AND w.source_integration_id = $2`,
      [since, simulator],
    );
    const withData =
      (shapes.complete ?? 0) + (shapes.names_only ?? 0) + (shapes.gap ?? 0) + (shapes.self_hosted ?? 0);
    expect(records.length).toBeGreaterThanOrEqual(withData - checks.block);
    expect(new Set(records.map((r) => r.wallet_kind))).toContain('vasp');
    for (const r of records)
      expect(['required_unverified', 'information_missing', 'not_in_scope']).toContain(r.state);
  });

  it('applies nothing twice when a round runs again under its keys', async () => {
    clock.advance(60_000);
    const since = clock.now();
    const activity = createDemoActivity({ db: t.db, clock, api: () => api, suspiciousEvery: 0, seed: 3 });
    const first = await activity.tick(5, 'again');
    // Another node taking the same round of the same chain draws other items under the same keys.
    await expect(activity.tick(5, 'again')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await countSince('customer_login_events', 'at', since)).toBe(first.signIns);
    expect(await countSince('wallet_transactions', 'created_at', since)).toBe(first.walletTransactions);
  });

  it('skips a round, writing nothing, while there is no API to send to', async () => {
    clock.advance(60_000);
    const since = clock.now();
    const activity = createDemoActivity({
      db: t.db,
      clock,
      api: () => 'the HTTP server is not listening yet',
      seed: 4,
    });
    await expect(activity.tick(0, 'none')).rejects.toBeInstanceOf(DemoApiUnavailable);
    expect(await countSince('customer_login_events', 'at', since)).toBe(0);
  });

  it('now and then has a customer do what each rule looks for, in turn, and the alerts come', async () => {
    const activity = createDemoActivity({ db: t.db, clock, api: () => api, suspiciousEvery: 1, seed: 2 });
    const seen: string[] = [];
    for (const [round] of SUSPICIOUS_SCENARIOS.entries()) {
      clock.advance(3_600_000);
      const since = new Date(clock.now().getTime() - 1_800_000);
      const report = await activity.tick(round, 'scenarios');
      seen.push(report.scenario!);
      await t.app.fraudEngine.evaluatePending();
      const { rows: alerts } = await t.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM fraud_alerts WHERE rule_code = $1 AND event_at >= $2',
        [report.scenario, since],
      );
      expect(alerts[0]!.n, `${report.scenario} raised an alert`).toBeGreaterThanOrEqual(1);
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
    // Each node has a data folder of its own, as on its own machine (the simulator's key is kept there).
    const nodes = await Promise.all(
      [0, 1].map(async () => {
        const pool = createPool(database.appUrl, 4);
        const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-demo-node-'));
        const app = await buildApp({
          config: { ...config, dataDir },
          db: createDb(pool),
          secret: 'x'.repeat(40),
          clock: systemClock,
        });
        await app.ready();
        return { app, pool, dataDir };
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
    const makeDue = () =>
      owner.query('UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1', [DEMO_ROUND_JOB]);
    const untilRound = (round: number) =>
      until(
        async () => {
          await makeDue();
          return ((await waiting())[0]?.round ?? -1) >= round;
        },
        `round ${round}`,
        { timeoutMs: 20_000, everyMs: 200 },
      );
    const signInsSince = async (since: Date) =>
      (
        await b.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM customer_login_events WHERE at >= $1',
          [since],
        )
      ).rows[0]!.n;
    try {
      expect(await waiting()).toEqual([{ round: 0 }]);
      // Ready but not listening yet: the round is skipped, the chain goes on, nothing is written.
      const before = new Date();
      await untilRound(1);
      expect(await signInsSince(before)).toBe(0);
      // Listening on loopback, where each node's rounds go to its own public API.
      for (const node of nodes) await node.app.listen({ port: 0, host: '127.0.0.1' });
      const since = new Date();
      // A round that began before the listen is skipped like the first; the next one is sent.
      await until(
        async () => {
          await makeDue();
          return (await signInsSince(since)) >= 2;
        },
        'a round sent through the public API',
        { timeoutMs: 20_000, everyMs: 200 },
      );
      expect(await waiting()).toHaveLength(1);
      // Sent as the exchange simulator, so its calls are in the API call log under its name.
      await until(async () => {
        const { rows: calls } = await b.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM integration_calls c JOIN integrations i ON i.id = c.integration_id
            WHERE i.name = $1 AND c.route = '/api/v1/ingest/sign-ins' AND c.status = 200`,
          [SIMULATOR_INTEGRATION],
        );
        return calls[0]!.n >= 1;
      }, "the round's calls in the call log");
      await a.app.close();
      await a.pool.end();
      await untilRound(3);
      expect(await waiting()).toHaveLength(1);
    } finally {
      for (const node of nodes) {
        await node.app.close().catch(() => {});
        await node.pool.end().catch(() => {});
        await fs.rm(node.dataDir, { recursive: true, force: true });
      }
      await owner.end();
      await database.drop();
    }
  }, 45_000);
});

describe("the activity's address", () => {
  it("is the node's own, on loopback when it listens on every interface", () => {
    expect(ownUrl(null)).toBeUndefined();
    expect(ownUrl({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(ownUrl({ address: '0.0.0.0', family: 'IPv4', port: 80 })).toBe('http://127.0.0.1:80');
    expect(ownUrl({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
    expect(ownUrl({ address: '10.0.0.5', family: 'IPv4', port: 3000 })).toBe('http://10.0.0.5:3000');
  });

  it('is DEMO_ACTIVITY_URL when set, an http(s) address', () => {
    const env = { NODE_ENV: 'development' } as const;
    expect(loadConfig(env).demoActivityUrl).toBeUndefined();
    expect(loadConfig({ ...env, DEMO_ACTIVITY_URL: 'http://127.0.0.1:3001' }).demoActivityUrl).toBe(
      'http://127.0.0.1:3001',
    );
    expect(() => loadConfig({ ...env, DEMO_ACTIVITY_URL: 'ftp://x' })).toThrow(/DEMO_ACTIVITY_URL/);
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
