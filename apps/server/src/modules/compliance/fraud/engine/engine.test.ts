// The engine's promises: the outbox fills in the writing transaction (and empties with its
// rollback), evaluation is idempotent under retries and concurrent evaluators, and a backtest
// (candidates / countCandidates over a range) is exactly what a real run raises.
import { fraudApi } from '@backdesk/contract';
import { FRAUD_RULE_CODES, type FraudRuleCode } from '@backdesk/contract/fraud/keys';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { createDb, createPool } from '../../../../db/client.ts';
import { createFraudEngine, currentVersions } from './fraud-engine.ts';
import { EVALUATED_RULES } from './rule-sql.ts';
import { after, alertsOf, logins, newCustomer, p2pTrade, walletTx } from './test-fixtures.ts';

const t = useTestApp();
const T0 = new Date('2027-04-05T08:00:00Z');
// Every history here is dated after the seeded demo data (which ends today), so a range holds this file's rows only.

beforeAll(async () => {
  await t.db.execute(sql`DELETE FROM fraud_event_queue`);
});

const queued = async () =>
  (
    await t.db.execute<{ kind: string; ref_id: number; customer_id: number }>(
      sql`SELECT kind, ref_id, customer_id FROM fraud_event_queue ORDER BY id`,
    )
  ).rows.map((r) => ({ kind: r.kind, ref_id: Number(r.ref_id), customer_id: Number(r.customer_id) }));

describe('rule settings (contract)', () => {
  it('version 1 in the database is RULE_DEFAULTS', async () => {
    const versions = await currentVersions(t.db);
    for (const code of FRAUD_RULE_CODES) {
      const v = versions.get(code)!;
      expect({ code, params: v.params, severity: v.severity }).toEqual({
        code,
        ...fraudApi.RULE_DEFAULTS[code],
      });
      expect(fraudApi.RULE_PARAMS[code].safeParse(v.params).success).toBe(true);
    }
  });

  it.each([
    ['withdrawal_velocity', { count: 5, windowMinutes: 0 }],
    ['withdrawal_velocity', { count: 1, windowMinutes: 60 }],
    ['withdrawal_velocity', { count: 1001, windowMinutes: 60 }],
    ['withdrawal_velocity', { count: 5, windowMinutes: 43_201 }],
    ['withdrawal_velocity', { count: 5, windowMinutes: 60, extra: 1 }],
    ['withdrawal_velocity', { count: 5.5, windowMinutes: 60 }],
    ['withdrawal_after_deposit', { withinMinutes: 30, minPercent: 101 }],
    ['withdrawal_after_deposit', { withinMinutes: 10_081, minPercent: 80 }],
    ['new_address_withdrawal', { minAmount: '0' }],
    ['new_address_withdrawal', { minAmount: '-5' }],
    ['new_address_withdrawal', { minAmount: 50000 }],
    ['new_address_withdrawal', { minAmount: '1e9' }],
    ['p2p_amount', { minAmount: '1234567890123456789' }],
    ['failed_logins', {}],
    ['blocklisted_address', { any: true }],
    // Its threshold is screening's own setting (screening_threshold): the rule takes none.
    ['screening_hit', { minScore: 0.85 }],
  ] as [FraudRuleCode, unknown][])('refuses %s %j', (code, params) => {
    expect(fraudApi.RULE_PARAMS[code].safeParse(params).success).toBe(false);
  });

  it.each([
    ['withdrawal_velocity', { count: 2, windowMinutes: 1 }],
    ['withdrawal_velocity', { count: 1000, windowMinutes: 43_200 }],
    ['withdrawal_after_deposit', { withinMinutes: 10_080, minPercent: 1 }],
    ['new_address_withdrawal', { minAmount: '0.01' }],
    ['screening_hit', {}],
  ] as [FraudRuleCode, unknown][])('accepts %s %j', (code, params) => {
    expect(fraudApi.RULE_PARAMS[code].safeParse(params).success).toBe(true);
  });
});

describe('outbox', () => {
  it('enqueues in the writing transaction; a rollback leaves nothing', async () => {
    const c = await newCustomer(t.db);
    await t.db.execute(sql`DELETE FROM fraud_event_queue`);
    await expect(
      t.db.transaction(async (tx) => {
        await logins(tx, c.id, [{ at: T0 }]);
        await walletTx(tx, c.id, [{ type: 'withdrawal', at: T0, amount: '1' }]);
        expect((await tx.execute(sql`SELECT 1 FROM fraud_event_queue`)).rows).toHaveLength(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queued()).toEqual([]);
    expect(
      (await t.db.execute(sql`SELECT 1 FROM customer_login_events WHERE customer_id = ${c.id}`)).rows,
    ).toEqual([]);
  });

  it('enqueues each kind with its customer; a new status or name is an event, other edits are not', async () => {
    const buyer = await newCustomer(t.db);
    const seller = await newCustomer(t.db);
    await t.db.execute(sql`DELETE FROM fraud_event_queue`);
    const [login] = await logins(t.db, buyer.id, [{ at: T0 }]);
    const [tx] = await walletTx(t.db, buyer.id, [
      { type: 'withdrawal', at: T0, amount: '1', status: 'pending' },
    ]);
    const trade = await p2pTrade(t.db, {
      buyer: buyer.userName,
      seller: seller.userName,
      amount: '1',
      at: T0,
    });
    await t.db.execute(sql`UPDATE wallet_transactions SET status = 'completed' WHERE id = ${tx!}`);
    await t.db.execute(sql`UPDATE wallet_transactions SET review_reason = 'x' WHERE id = ${tx!}`);
    await t.db.execute(sql`UPDATE customers SET alias_name = 'Renamed' WHERE id = ${buyer.id}`);
    await t.db.execute(sql`UPDATE customers SET update_date = now() WHERE id = ${buyer.id}`);
    expect(await queued()).toEqual([
      { kind: 'login', ref_id: login!, customer_id: buyer.id },
      { kind: 'wallet_transaction', ref_id: tx!, customer_id: buyer.id },
      { kind: 'p2p_trade', ref_id: trade, customer_id: buyer.id },
      { kind: 'p2p_trade', ref_id: trade, customer_id: seller.id },
      { kind: 'wallet_transaction', ref_id: tx!, customer_id: buyer.id },
      { kind: 'customer', ref_id: buyer.id, customer_id: buyer.id },
    ]);
    const created = await newCustomer(t.db);
    expect((await queued()).at(-1)).toEqual({
      kind: 'customer',
      ref_id: created.id,
      customer_id: created.id,
    });
    const seen: number[][] = [];
    t.app.fraudEngine.onCustomerEvents(async (_tx, ids) => {
      seen.push(ids);
    });
    expect(await t.app.fraudEngine.evaluatePending()).toBe(7);
    expect(seen).toEqual([[buyer.id, created.id]]);
    expect(await queued()).toEqual([]);
  });

  it('wakes a listening evaluator with one NOTIFY per statement, at commit only', async () => {
    const listener = await t.pool.connect();
    const notes: string[] = [];
    listener.on('notification', (n) => notes.push(n.channel));
    await listener.query('LISTEN fraud_events');
    try {
      const c = await newCustomer(t.db);
      await t.db.transaction(async (tx) => {
        await logins(tx, c.id, [{ at: T0 }, { at: T0 }]);
        // A round trip on the listening session delivers every notification committed so far.
        await listener.query('SELECT 1');
        expect(notes).toEqual(['fraud_events']); // the customer's own insert
      });
      await listener.query('SELECT 1');
      // Two statements, one payload each; PostgreSQL folds equal payloads of one transaction.
      expect(notes).toEqual(['fraud_events', 'fraud_events']);
    } finally {
      await listener.query('UNLISTEN fraud_events');
      listener.release();
    }
  });
});

/** A history that trips every evaluated rule for some customers and misses for others. */
async function history(base: Date, n: number): Promise<number[]> {
  await t.db.execute(sql`INSERT INTO fraud_blocklist (kind, value, reason, source)
                         VALUES ('address', ${`TBlocked${base.getTime()}`}, 'test', 'test')`);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = await newCustomer(t.db);
    const peer = await newCustomer(t.db);
    ids.push(c.id, peer.id);
    const start = after(base, i * 37);
    const rows = Array.from({ length: 3 + (i % 5) }, (_, k) => ({
      type: 'withdrawal' as const,
      at: after(start, k * (7 + (i % 4) * 6)),
      amount: String(200 + ((i * 31 + k * 17) % 900)),
      to: k % 2 ? 'TSame' : `TNew${i}-${k}`,
    }));
    await walletTx(t.db, c.id, [{ type: 'deposit', at: after(start, -3), amount: '1000' }, ...rows]);
    if (i % 3 === 0)
      await walletTx(t.db, c.id, [
        { type: 'withdrawal', at: after(start, 90), amount: '60000', to: `TBig${i}` },
      ]);
    if (i % 4 === 1)
      await walletTx(t.db, c.id, [
        {
          type: 'deposit',
          at: after(start, 100),
          amount: '3',
          from: `TBlocked${base.getTime()}`,
          network: 'TRON',
        },
      ]);
    await logins(
      t.db,
      c.id,
      Array.from({ length: 3 + (i % 4) }, (_, k) => ({ at: after(start, k * (2 + (i % 3) * 4)) })),
    );
    await p2pTrade(t.db, {
      buyer: c.userName,
      seller: peer.userName,
      amount: String(5000 + (i % 3) * 500),
      at: after(start, 50),
    });
    if (i % 6 === 2) {
      // Three withdrawals whose travel-rule records are rejected one after another (travel_rule_failures).
      const sent = await walletTx(
        t.db,
        c.id,
        [0, 1, 2].map((k) => ({ type: 'withdrawal' as const, at: after(start, 110 + k), amount: '5' })),
      );
      await t.db.execute(sql`
        INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency, wallet_kind)
        SELECT id, 'withdrawal', 'required_unverified', 'TR', 'TRY', 'unknown' FROM unnest(${sql.param(sent)}::bigint[]) AS id`);
      await t.db.execute(sql`
        UPDATE travel_rule_records SET state = 'rejected', state_changed_at = ${after(start, 120).toISOString()}::timestamptz
               + (array_position(${sql.param(sent)}::bigint[], transaction_id) - 1) * interval '1 minute'
         WHERE transaction_id = ANY(${sql.param(sent)}::bigint[])`);
    }
  }
  return ids;
}

const keysOf = (
  rows: { customer_id?: number; customerId?: number; window_key?: string; windowKey?: string }[],
) => rows.map((r) => `${r.customer_id ?? r.customerId}/${r.window_key ?? r.windowKey}`).sort();

describe('idempotence and backtest', () => {
  it('a backtest over a range equals what the real run raised, rule by rule', async () => {
    const base = new Date('2027-05-03T00:00:00Z');
    const ids = await history(base, 24);
    await t.app.fraudEngine.evaluatePending();
    const range = { from: base, to: after(base, 24 * 60) };
    const versions = await currentVersions(t.db);
    let total = 0;
    for (const code of EVALUATED_RULES) {
      const setting = versions.get(code)!;
      const raised = await alertsOf(t.db, ids, code);
      const found = (await t.app.fraudEngine.candidates(t.db, code, setting, range)).filter((c) =>
        ids.includes(c.customerId),
      );
      expect({ code, keys: keysOf(found) }).toEqual({ code, keys: keysOf(raised) });
      const counted = await t.app.fraudEngine.countCandidates(t.db, code, setting, range);
      // The range holds other tests' customers only if they wrote in it: none do.
      expect({ code, alerts: counted.alerts }).toEqual({ code, alerts: raised.length });
      expect(counted.customers).toBe(new Set(raised.map((r) => r.customer_id)).size);
      expect(counted.sample.reduce((s, x) => s + x.alerts, 0)).toBe(raised.length);
      total += raised.length;
    }
    // Every evaluated rule fired at least once in this history, so the comparison means something.
    for (const code of EVALUATED_RULES)
      expect((await alertsOf(t.db, ids, code)).length, code).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(20);

    // A proposed stricter setting raises fewer, a looser one more.
    const strict = await t.app.fraudEngine.countCandidates(
      t.db,
      'withdrawal_velocity',
      { params: { count: 7, windowMinutes: 60 }, severity: 'high' },
      range,
    );
    const loose = await t.app.fraudEngine.countCandidates(
      t.db,
      'withdrawal_velocity',
      { params: { count: 3, windowMinutes: 60 }, severity: 'high' },
      range,
    );
    const current = (await alertsOf(t.db, ids, 'withdrawal_velocity')).length;
    expect(strict.alerts).toBeLessThan(current);
    expect(loose.alerts).toBeGreaterThan(current);

    // Retries: the same events again, and a rescan of the range, add nothing.
    const before = (await alertsOf(t.db, ids)).length;
    await t.db.execute(sql`
      INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
      SELECT 'wallet_transaction', id, customer_id FROM wallet_transactions WHERE customer_id = ANY(${`{${ids.join(',')}}`}::bigint[])
      UNION ALL
      SELECT 'login', id, customer_id FROM customer_login_events WHERE customer_id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
    await t.app.fraudEngine.evaluatePending();
    expect(await t.app.fraudEngine.rescan(range)).toEqual({ raised: 0 });
    expect((await alertsOf(t.db, ids)).length).toBe(before);
  });

  it('a rescan raises on history that was never evaluated, the same alerts a real run would', async () => {
    const base = new Date('2027-06-07T00:00:00Z');
    const ids = await history(base, 10);
    const pending = await queued();
    // Drop the queue: as if the history had been written before the engine existed.
    await t.db.execute(sql`DELETE FROM fraud_event_queue`);
    const range = { from: base, to: after(base, 24 * 60 * 2) };
    const { raised } = await t.app.fraudEngine.rescan(range);
    const viaRescan = keysOf(await alertsOf(t.db, ids));
    expect(raised).toBe(viaRescan.length);
    expect(raised).toBeGreaterThan(0);
    // Raising again from the real events changes nothing.
    await t.db.execute(sql`
      INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
      SELECT kind, ref_id, customer_id FROM jsonb_to_recordset(${JSON.stringify(pending)}::jsonb)
        AS x(kind text, ref_id bigint, customer_id bigint)`);
    await t.app.fraudEngine.evaluatePending();
    expect(keysOf(await alertsOf(t.db, ids))).toEqual(viaRescan);
  });

  it('two evaluators at once raise each alert once and drain every event', async () => {
    const base = new Date('2027-07-05T00:00:00Z');
    const ids = await history(base, 16);
    const pools = [createPool(poolUrl(), 3), createPool(poolUrl(), 3)];
    try {
      const engines = pools.map((p) =>
        createFraudEngine({ db: createDb(p), clock: t.clock, log: t.app.log, batchSize: 7 }),
      );
      const counts = await Promise.all([...engines, ...engines].map((e) => e.evaluatePending()));
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(await queued()).toEqual([]);
      const raised = await alertsOf(t.db, ids);
      expect(new Set(keysOf(raised)).size).toBe(raised.length);
      // …and the same alerts a single evaluator's backtest predicts.
      const range = { from: base, to: after(base, 24 * 60) };
      const versions = await currentVersions(t.db);
      const predicted: string[] = [];
      for (const code of EVALUATED_RULES) {
        const found = await t.app.fraudEngine.candidates(t.db, code, versions.get(code)!, range);
        predicted.push(
          ...found
            .filter((c) => ids.includes(c.customerId))
            .map((c) => `${code}/${c.customerId}/${c.windowKey}`),
        );
      }
      expect(raised.map((r) => `${r.rule_code}/${r.customer_id}/${r.window_key}`).sort()).toEqual(
        predicted.sort(),
      );
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('raiseAlerts skips keys already raised, whatever their status', async () => {
    const c = await newCustomer(t.db);
    const candidate = {
      customerId: c.id,
      windowKey: 'manual:1',
      windowStart: T0,
      windowEnd: T0,
      eventAt: T0,
      figures: { score: '0.91' },
      evidence: [],
    };
    const first = await t.app.fraudEngine.raiseAlerts(t.db, 'screening_hit', [candidate, candidate]);
    expect(first.raised).toHaveLength(1);
    await t.db.execute(
      sql`UPDATE fraud_alerts SET status = 'closed', outcome = 'false_positive' WHERE id = ${first.raised[0]!}`,
    );
    expect((await t.app.fraudEngine.raiseAlerts(t.db, 'screening_hit', [candidate])).raised).toEqual([]);
  });

  it('a rescan stops between chunks when its run is cancelled', async () => {
    let asked = 0;
    const progress: number[] = [];
    const ctx = {
      runId: 0,
      progress: async (done: number) => {
        progress.push(done);
      },
      log: async () => {},
      cancelled: async () => ++asked > 3,
    };
    const result = await t.app.fraudEngine.rescan(
      { from: new Date('2025-01-01Z'), to: new Date('2025-03-01Z') },
      undefined,
      ctx,
    );
    expect(result).toEqual({ raised: 0 });
    expect(asked).toBe(4);
  });

  it('runs as a fraud run (rescan) through the runs part', async () => {
    const base = new Date('2027-08-02T00:00:00Z');
    const ids = await history(base, 8);
    await t.db.execute(sql`DELETE FROM fraud_event_queue`);
    const { id } = await t.app.fraudRuns.start(
      t.db,
      'rescan',
      {
        rules: ['withdrawal_velocity', 'failed_logins'],
        from: base.toISOString(),
        to: after(base, 24 * 60).toISOString(),
      },
      { memberId: null, requestId: 'engine-test' },
    );
    await t.app.fraudRuns.execute(id);
    const { rows } = await t.db.execute<{ status: string; result: { raised: number } }>(
      sql`SELECT status, result FROM fraud_runs WHERE id = ${id}`,
    );
    const raised = await alertsOf(t.db, ids);
    expect(rows[0]).toEqual({ status: 'done', result: { raised: raised.length } });
    expect(new Set(raised.map((r) => r.rule_code))).toEqual(
      new Set(['withdrawal_velocity', 'failed_logins']),
    );
    const { rows: lines } = await t.db.execute<{ params: { rule?: string } }>(
      sql`SELECT params FROM fraud_run_log WHERE run_id = ${id} AND message = 'engine.ruleScanned' ORDER BY seq`,
    );
    expect(lines.map((l) => l.params.rule)).toEqual(['withdrawal_velocity', 'failed_logins']);
  });
});

/** The app's own connection string (the restricted role), for the second evaluator's pool. */
function poolUrl(): string {
  const opts = t.pool.options as { connectionString?: string };
  return opts.connectionString!;
}

describe('evaluator loop', () => {
  it('wakes on the commit of an event and raises its alert without being called', async () => {
    const engine = createFraudEngine({ db: t.db, clock: t.clock, log: t.app.log });
    await engine.start();
    try {
      const c = await newCustomer(t.db);
      await walletTx(t.db, c.id, [{ type: 'withdrawal', at: T0, amount: '70000', to: 'TLoop' }]);
      await vi.waitFor(
        async () => expect(await alertsOf(t.db, [c.id], 'new_address_withdrawal')).toHaveLength(1),
        {
          timeout: 1_500,
          interval: 20,
        },
      );
    } finally {
      await engine.stop();
    }
  });
});
