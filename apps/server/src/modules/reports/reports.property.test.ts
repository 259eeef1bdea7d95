import { KYC_REVIEW_SLA_HOURS, REPORT_NAMES, type Report, TRAVEL_RULE_STATES } from '@backdesk/contract';
import DecimalJs from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { createChanges } from '../platform/audit/changes.ts';
import { createRatesRepository } from './rates.repository.ts';
import { createReportsService } from './reports.service.ts';

/**
 * Random streams of writes — inserts, status changes, moved timestamps, deletes, in single rows and in
 * batches — over wallet transactions, P2P trades, customers, KYC decisions, fraud alerts and travel-rule records; after each round every report read
 * from the rollups must equal the same report over the raw rows, figure for figure, in zones with
 * whole-hour, half-hour and quarter-hour offsets across daylight-saving changes, and the transaction
 * totals must equal a plain decimal.js aggregation of the rows.
 */

// Enough digits for sums of numeric(36, 18) amounts (the default 20 would round them).
const Decimal = DecimalJs.clone({ precision: 80 });
type Decimal = InstanceType<typeof Decimal>;
const t = useTestApp();
const manager = t.session('manager');

// A small deterministic generator (mulberry32): a failing stream can be replayed from its seed.
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}
type Gen = ReturnType<typeof generator>;

// Around the switches to summer time: the US on 8 March, Europe on 29 March, Lord Howe (30 min) on 5 April back.
const START = Date.parse('2026-03-05T00:00:00Z');
const SPAN_MS = 36 * 86_400_000;
const instant = (g: Gen) => new Date(START + Math.floor(g.next() * SPAN_MS)).toISOString();
const decimal = (g: Gen) =>
  `${g.int(0, 99_999)}.${String(g.int(0, 999_999_999)).padStart(9, '0')}${g.int(0, 999_999_999)}`;
const ASSETS = [
  ['PTA', 'NETA'],
  ['PTB', 'NETB'],
  ['USDT', 'TRC20'],
] as const;
const STATUSES = ['pending', 'under_review', 'completed', 'rejected', 'failed'];

async function walletRound(g: Gen, customer: number) {
  const rows = Array.from({ length: g.int(1, 25) }, () => {
    const [asset, network] = g.pick(ASSETS);
    const type = g.pick(['deposit', 'withdrawal', 'transfer', 'fee']);
    const deposit = type === 'deposit';
    return sql`(${customer}, ${type}, ${asset}, ${network}, ${decimal(g)}, ${g.int(0, 3) === 0 ? decimal(g) : '0'},
      ${g.pick(STATUSES)}, ${instant(g)}, ${deposit ? g.pick(['bank_transfer', 'on_chain']) : null},
      ${deposit ? g.pick(['passed', 'review', 'failed']) : null}, ${deposit ? g.pick(['none', 'held', 'released']) : null})`;
  });
  await t.db.execute(sql`INSERT INTO wallet_transactions
    (customer_id, type, asset, network, amount, fee, status, created_at, channel, source_check, hold_state)
    VALUES ${sql.join(rows, sql`, `)}`);
  const ours = sql`customer_id = ${customer}`;
  // A status change of one row, then of a random batch; a timestamp moved across days; a delete.
  await t.db.execute(sql`UPDATE wallet_transactions SET status = ${g.pick(STATUSES)}, version = version + 1
    WHERE id = (SELECT id FROM wallet_transactions WHERE ${ours} ORDER BY random() LIMIT 1)`);
  await t.db.execute(sql`UPDATE wallet_transactions SET status = 'completed', hold_state = CASE WHEN hold_state = 'held' THEN 'released' END
    WHERE ${ours} AND id % ${g.int(2, 5)} = 0`);
  await t.db.execute(sql`UPDATE wallet_transactions SET created_at = ${instant(g)}, amount = ${decimal(g)}
    WHERE id = (SELECT id FROM wallet_transactions WHERE ${ours} ORDER BY random() LIMIT 1)`);
  // Not a transfer a travel-rule round gave a record (its key refuses the delete, as it should).
  if (g.int(0, 2) === 0)
    await t.db.execute(sql`DELETE FROM wallet_transactions
      WHERE id = (SELECT w.id FROM wallet_transactions w WHERE ${ours}
                   AND NOT EXISTS (SELECT 1 FROM travel_rule_records r WHERE r.transaction_id = w.id)
                   ORDER BY random() LIMIT 1)`);
}

async function p2pRound(g: Gen) {
  const rows = Array.from(
    { length: g.int(1, 10) },
    () => sql`(gen_random_uuid(), 'prop-buyer', ${decimal(g)}, 'pending', ${instant(g)})`,
  );
  await t.db.execute(sql`INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, created_at)
    VALUES ${sql.join(rows, sql`, `)}`);
  const ours = sql`buyer_user_name = 'prop-buyer'`;
  await t.db.execute(sql`UPDATE p2p_trades SET status = ${g.pick(['completed', 'cancelled', 'disputed'])},
      offer_contract_name = ${g.pick(['PTA', 'PTB', null])},
      closed_at = created_at + make_interval(secs => ${g.int(1, 20_000)}) WHERE ${ours} AND id % ${g.int(2, 4)} = 0`);
  await t.db.execute(sql`UPDATE p2p_trades SET status = 'completed', resolution = 'released', dispute_reason = 'late'
    WHERE id = (SELECT id FROM p2p_trades WHERE ${ours} AND status = 'disputed' LIMIT 1)`);
}

async function customerRound(g: Gen) {
  const tag = `prop-${g.int(0, 1e9)}-${g.int(0, 1e9)}`;
  await t.db.execute(sql`INSERT INTO customers (user_name, kyc_type, customer_type, create_date)
    VALUES (${tag}, ${g.pick(['kyc', 'kyb'])}, ${g.pick(['bronze', 'silver', null])}, ${instant(g)})`);
  await t.db.execute(sql`UPDATE customers SET customer_type = ${g.pick(['gold', 'silver'])}
    WHERE id = (SELECT id FROM customers WHERE user_name LIKE 'prop-%' ORDER BY random() LIMIT 1)`);
  // KYC moves on (or back), and a customer signs in: the funnel and the active count follow.
  await t.db.execute(sql`UPDATE customers SET user_ky = ${g.pick(['pending', 'approved', 'rejected', 'kyc', null])},
      kyc_level = ${g.int(0, 4)}, token_hash = ${g.pick(['', 'token', null])}
    WHERE user_name LIKE 'prop-%' AND id % ${g.int(1, 3)} = 0`);
}

/** KYC decisions (some without a review start) and fraud alerts raised, closed and reopened. */
async function complianceRound(g: Gen, customer: number) {
  const decisions = Array.from({ length: g.int(1, 12) }, () => {
    const at = instant(g);
    const started =
      g.int(0, 3) === 0 ? null : new Date(Date.parse(at) - g.int(0, 200_000) * 1000).toISOString();
    return sql`(${customer}, ${g.pick(['approved', 'rejected', 'resubmit'])}, ${g.int(0, 3)},
      ${g.pick(['unreadable', 'expired', null])}, ${g.pick([1, 2, null])}, ${at}, ${started})`;
  });
  await t.db.execute(sql`INSERT INTO kyc_decisions (customer_id, decision, level, reason_code, member_id, at, review_started_at)
    VALUES ${sql.join(decisions, sql`, `)}`);
  const ours = sql`customer_id = ${customer}`;
  await t.db.execute(sql`UPDATE kyc_decisions SET at = ${instant(g)}
    WHERE id = (SELECT id FROM kyc_decisions WHERE ${ours} ORDER BY random() LIMIT 1)`);
  if (g.int(0, 2) === 0)
    await t.db.execute(sql`DELETE FROM kyc_decisions
      WHERE id = (SELECT id FROM kyc_decisions WHERE ${ours} ORDER BY random() LIMIT 1)`);

  const rule = (await t.db.execute<{ code: string }>(sql`SELECT code FROM fraud_rules ORDER BY code LIMIT 1`))
    .rows[0]!.code;
  const alerts = Array.from({ length: g.int(1, 6) }, () => {
    const raised = instant(g);
    return sql`(${customer}, ${rule}, 1, 'low', ${`prop-${g.int(0, 1e9)}`}, ${raised}, ${raised}, '{}', ${raised}, ${raised})`;
  });
  await t.db.execute(sql`INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key,
      window_start, window_end, params, event_at, raised_at) VALUES ${sql.join(alerts, sql`, `)}`);
  const alertsOurs = sql`customer_id = ${customer} AND window_key LIKE 'prop-%'`;
  await t.db.execute(sql`UPDATE fraud_alerts SET status = 'closed', outcome = ${g.pick(['confirmed', 'false_positive'])},
      closed_at = raised_at + make_interval(secs => ${g.int(1, 200_000)})
    WHERE ${alertsOurs} AND status = 'open' AND id % ${g.int(1, 3)} = 0`);
  await t.db.execute(sql`UPDATE fraud_alerts SET status = 'open', outcome = NULL, closed_at = NULL
    WHERE id = (SELECT id FROM fraud_alerts WHERE ${alertsOurs} AND status = 'closed' ORDER BY random() LIMIT 1)`);
}

/**
 * Travel-rule records opened on new transfers, then moved: states, deadlines passed (the deadline
 * job's mark), their opening moved across days, amounts changed, a VASP unlinked. Never deleted: the
 * retention trigger refuses it (migration 0057).
 */
async function travelRuleRound(g: Gen, customer: number) {
  const vasps = (await t.db.execute<{ id: number }>(sql`SELECT id FROM vasps ORDER BY id LIMIT 3`)).rows.map(
    (r) => r.id,
  );
  const n = g.int(1, 8);
  const transfers = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status, created_at)
    SELECT ${customer}, 'deposit', 'PTA', 'NETA', 1, 'completed', ${instant(g)} FROM generate_series(1, ${n})
    RETURNING id`);
  const records = transfers.rows.map((w) => {
    const [jurisdiction, currency] = g.pick([
      ['TR', 'TRY'],
      ['EU', 'EUR'],
      ['US', 'USD'],
    ] as const);
    return sql`(${w.id}, ${g.pick(['deposit', 'withdrawal'])}, ${g.pick(TRAVEL_RULE_STATES)}, ${jurisdiction},
      ${currency}, ${g.int(0, 4) === 0 ? null : decimal(g)}, ${g.pick(['vasp', 'self_hosted', 'unknown'])},
      ${g.int(0, 1) ? g.pick(vasps) : null}, ${g.int(0, 3) === 0 ? instant(g) : null}, ${instant(g)})`;
  });
  await t.db.execute(sql`INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency,
      amount_in_currency, wallet_kind, counterparty_vasp_id, deadline_raised, created_at)
    VALUES ${sql.join(records, sql`, `)}`);
  const ours = sql`transaction_id IN (SELECT id FROM wallet_transactions WHERE customer_id = ${customer})`;
  await t.db.execute(sql`UPDATE travel_rule_records SET state = ${g.pick(TRAVEL_RULE_STATES)}, version = version + 1
    WHERE ${ours} AND id % ${g.int(2, 4)} = 0`);
  await t.db.execute(sql`UPDATE travel_rule_records SET deadline_raised = coalesce(deadline_raised, now()),
      counterparty_vasp_id = NULL, amount_in_currency = ${decimal(g)}
    WHERE id = (SELECT id FROM travel_rule_records WHERE ${ours} ORDER BY random() LIMIT 1)`);
  await t.db.execute(sql`UPDATE travel_rule_records SET created_at = ${instant(g)}
    WHERE id = (SELECT id FROM travel_rule_records WHERE ${ours} ORDER BY random() LIMIT 1)`);
}

/** The customers report's funnel and tiers as a plain count over the customers. */
async function plainCustomerTables(from: string, to: string, tz: string) {
  const funnel = await t.db.execute<Record<string, number>>(sql`
    SELECT count(*)::int AS registered,
           count(*) FILTER (WHERE user_ky IN ('pending', 'approved', 'rejected'))::int AS submitted,
           count(*) FILTER (WHERE user_ky = 'approved' AND kyc_level = 1)::int AS approved_level_1,
           count(*) FILTER (WHERE user_ky = 'approved' AND kyc_level = 2)::int AS approved_level_2,
           count(*) FILTER (WHERE user_ky = 'approved' AND kyc_level >= 3)::int AS approved_level_3
      FROM customers WHERE (create_date AT TIME ZONE ${tz})::date BETWEEN ${from}::date AND ${to}::date`);
  const tiers = await t.db.execute<{ tier: string; customers: number; active: number }>(sql`
    SELECT coalesce(customer_type, 'bronze') AS tier, count(*)::int AS customers,
           count(*) FILTER (WHERE coalesce(token_hash, '') <> '' OR status = 'active')::int AS active
      FROM customers GROUP BY 1 ORDER BY 1`);
  return {
    funnel: Object.entries(funnel.rows[0]!).map(([stage, n]) => [[stage], String(n)]),
    tiers: tiers.rows.map((r) => [[r.tier], String(r.customers), String(r.active)]),
  };
}

const ZONES = [
  'UTC',
  'Europe/Istanbul',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
];
const KEPT_ZONES = new Set(['UTC', 'Europe/Istanbul']);
const stripped = (r: Report) => ({ ...r, generatedAt: '' });

describe('reports over rollups equal reports over the raw rows', () => {
  it('after every round of random writes, in every zone and grouping', async () => {
    const service = createReportsService({
      db: t.db,
      clock: t.clock,
      rates: createRatesRepository(),
      changes: createChanges(t.db),
    });
    const customer = Number(
      (
        await t.db.execute<{ id: number }>(
          sql`INSERT INTO customers (user_name) VALUES ('prop-owner') RETURNING id`,
        )
      ).rows[0]!.id,
    );
    const seed = Number(process.env.REPORTS_PROPERTY_SEED ?? Date.now() % 100_000);
    const g = generator(seed);
    for (let round = 0; round < 6; round++) {
      await walletRound(g, customer);
      await p2pRound(g);
      await customerRound(g);
      await complianceRound(g, customer);
      await travelRuleRound(g, customer);
      // Every other round in a zone the daily rollups keep.
      const tz = round % 2 ? g.pick(['UTC', 'Europe/Istanbul']) : g.pick(ZONES);
      const from = new Date(START + g.int(0, 20) * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.parse(from) + g.int(0, 20) * 86_400_000).toISOString().slice(0, 10);
      const query = { from, to, tz, groupBy: g.pick(['day', 'week', 'month']) };
      // The hourly rollup in every zone; the daily one in the zones it keeps (UTC, Europe/Istanbul).
      const modes = KEPT_ZONES.has(tz) ? (['hourly', 'daily'] as const) : (['hourly'] as const);
      for (const name of REPORT_NAMES) {
        const overRaw = stripped(await service.report(name, query, 'raw'));
        for (const mode of modes) {
          const where = `seed ${seed} round ${round} ${name} ${mode} ${JSON.stringify(query)}`;
          expect(stripped(await service.report(name, query, mode)), where).toEqual(overRaw);
        }
      }

      // Over HTTP, the transactions table by asset equals a plain aggregation of the rows.
      const res = await t.app.inject({
        url: `/api/panel/report-transactions?${new URLSearchParams(query)}`,
        headers: manager,
      });
      const byAsset = res.json().breakdowns.find((b: { key: string }) => b.key === 'by_asset').rows as {
        keys: string[];
        values: { count: string; amount: string; fee: string };
      }[];
      const raw = await t.db.execute<{
        asset: string;
        network: string;
        type: string;
        amount: string;
        fee: string;
      }>(sql`
        SELECT asset, network, type, amount::text, fee::text FROM wallet_transactions
         WHERE (created_at AT TIME ZONE ${tz})::date BETWEEN ${from}::date AND ${to}::date`);
      const plain = new Map<string, { count: number; amount: Decimal; fee: Decimal }>();
      for (const r of raw.rows) {
        const key = JSON.stringify([r.asset, r.network, r.type]);
        const sum = plain.get(key) ?? { count: 0, amount: new Decimal(0), fee: new Decimal(0) };
        plain.set(key, { count: sum.count + 1, amount: sum.amount.plus(r.amount), fee: sum.fee.plus(r.fee) });
      }
      const customers = await t.app.inject({
        url: `/api/panel/report-customers?${new URLSearchParams(query)}`,
        headers: manager,
      });
      const table = (key: string) =>
        customers.json().breakdowns.find((b: { key: string }) => b.key === key).rows as {
          keys: string[];
          values: Record<string, string>;
        }[];
      expect(
        {
          funnel: table('kyc_funnel').map((r) => [r.keys, r.values.customers]),
          tiers: table('tiers_now').map((r) => [r.keys, r.values.customers, r.values.active]),
        },
        `seed ${seed} round ${round}`,
      ).toEqual(await plainCustomerTables(from, to, tz));

      const reported = byAsset.filter((r) => r.values.count !== '0');
      expect(reported.length, `seed ${seed} round ${round}`).toBe(plain.size);
      for (const row of reported) {
        const sum = plain.get(JSON.stringify(row.keys))!;
        expect(row.values, `seed ${seed} ${row.keys}`).toEqual({
          count: String(sum.count),
          amount: sum.amount.toFixed(),
          fee: sum.fee.toFixed(),
        });
      }
    }

    // The rollup tables themselves equal a fresh aggregation of their raw rows.
    const drift = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        (SELECT hour, type, status, asset, network, channel, source_check, hold_state, n, amount, fee
           FROM rpt_wallet_hourly WHERE n <> 0 OR amount <> 0 OR fee <> 0
         EXCEPT
         SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), type, status, asset, network,
                coalesce(channel, ''), coalesce(source_check, ''), coalesce(hold_state, ''), count(*), sum(amount), sum(fee)
           FROM wallet_transactions GROUP BY 1, 2, 3, 4, 5, 6, 7, 8)
      ) d`);
    expect(drift.rows[0]!.n).toBe(0);
    const dailyDrift = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        (SELECT zone, day, type, status, asset, network, channel, source_check, hold_state, n, amount, fee
           FROM rpt_wallet_daily WHERE n <> 0 OR amount <> 0 OR fee <> 0
         EXCEPT
         SELECT z.zone, (created_at AT TIME ZONE z.zone)::date, type, status, asset, network, coalesce(channel, ''),
                coalesce(source_check, ''), coalesce(hold_state, ''), count(*), sum(amount), sum(fee)
           FROM wallet_transactions CROSS JOIN rpt_zones z GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9)
      ) d`);
    expect(dailyDrift.rows[0]!.n).toBe(0);
    // Both ways: a rollup row without raw rows, and raw rows missing from the rollup.
    const KYC_ROLLUP = sql`SELECT hour, outcome, reason, member_id, n, sla_breaches FROM rpt_kyc_hourly
                            WHERE n <> 0 OR sla_breaches <> 0`;
    const KYC_FRESH = sql`
      SELECT date_bin('1 hour', at, timestamptz '2000-01-01 00:00+00'), decision, coalesce(reason_code, ''),
             coalesce(member_id, 0), count(*),
             count(*) FILTER (WHERE at - review_started_at > make_interval(hours => ${KYC_REVIEW_SLA_HOURS}))
        FROM kyc_decisions GROUP BY 1, 2, 3, 4`;
    const ALERTS_ROLLUP = sql`SELECT hour, rule, outcome, n FROM rpt_alerts_closed_hourly WHERE n <> 0`;
    const ALERTS_FRESH = sql`
      SELECT date_bin('1 hour', closed_at, timestamptz '2000-01-01 00:00+00'), rule_code, coalesce(outcome, ''), count(*)
        FROM fraud_alerts WHERE closed_at IS NOT NULL GROUP BY 1, 2, 3`;
    const complianceDrift = await t.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM ((${KYC_ROLLUP} EXCEPT ${KYC_FRESH}) UNION ALL (${KYC_FRESH} EXCEPT ${KYC_ROLLUP})) k)::int
           + (SELECT count(*) FROM ((${ALERTS_ROLLUP} EXCEPT ${ALERTS_FRESH}) UNION ALL (${ALERTS_FRESH} EXCEPT ${ALERTS_ROLLUP})) a)::int
             AS n`);
    expect(complianceDrift.rows[0]!.n).toBe(0);
    const TRAVEL_ROLLUP = sql`
      SELECT hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue, n, amount
        FROM rpt_travel_rule_hourly WHERE n <> 0 OR amount <> 0`;
    const TRAVEL_FRESH = sql`
      SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), direction, state, jurisdiction,
             currency, coalesce(counterparty_vasp_id, 0), wallet_kind, deadline_raised IS NOT NULL, count(*),
             coalesce(sum(amount_in_currency), 0)
        FROM travel_rule_records GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`;
    const travelDrift = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ((${TRAVEL_ROLLUP} EXCEPT ${TRAVEL_FRESH}) UNION ALL (${TRAVEL_FRESH} EXCEPT ${TRAVEL_ROLLUP})) d`);
    expect(travelDrift.rows[0]!.n).toBe(0);
  }, 120_000);
});
