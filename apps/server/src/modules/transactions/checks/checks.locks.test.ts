import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';
import { foldRollupDeltas, rollupDeltaBacklog } from '../../reports/index.ts';
import { useChecksBesideOpenTransaction, withdrawalBody } from './checks-fault-fixtures.ts';

// Issue 36: a check never queues behind an ingestion batch. The batch is a transaction of this file,
// left open after writing what a batch writes for the check's customer and the held withdrawal's
// rollup keys (its statement triggers keep those rollup rows locked until it commits). The check's
// statement timeout is short: had the hold waited on any of those rows, it would answer 503.
const { t, check, holdOpen, end } = useChecksBesideOpenTransaction();

/** A customer whose open screening hit holds its withdrawals for review, and a withdrawal of theirs. */
async function heldWithdrawal() {
  const customer = await newCustomer(t.db, 'checks_locks');
  await t.db.execute(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start, window_end, params, event_at)
    VALUES (${customer.id}, 'screening_hit', 1, 'high', ${`entry:${randomUUID()}`}, now(), now(), '{}'::jsonb, now())`);
  return {
    customer,
    body: withdrawalBody(customer.externalId),
  };
}

/** An open batch: the customer's rows, and every key the held withdrawal's rollups write (hour, day, under review). */
const openBatch = (customerId: number) =>
  holdOpen(`INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status, created_at)
    VALUES (${customerId}, 'deposit', 'USDT', 'TRC20', 5, 'completed', now()),
           (${customerId}, 'withdrawal', 'USDT', 'TRC20', 7, 'under_review', now()),
           (${customerId}, 'withdrawal', 'USDT', 'TRC20', 3, 'pending', now())`);

/** Rows where the rollups (folded + unfolded, as the reports read them) and the raw rows disagree. */
async function disagreements() {
  const { rows } = await t.db.execute(sql`
    WITH raw AS (
      SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00') AS hour, type, status, asset, network,
             coalesce(channel, '') AS channel, coalesce(source_check, '') AS source_check,
             coalesce(hold_state, '') AS hold_state, count(*) AS n, sum(amount) AS amount, sum(fee) AS fee
        FROM wallet_transactions GROUP BY 1, 2, 3, 4, 5, 6, 7, 8),
    rolled AS (
      SELECT hour, type, status, asset, network, channel, source_check, hold_state,
             sum(n) AS n, sum(amount) AS amount, sum(fee) AS fee
        FROM rpt_wallet_hourly_all GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0)
    (SELECT * FROM raw EXCEPT SELECT * FROM rolled) UNION ALL (SELECT * FROM rolled EXCEPT SELECT * FROM raw)`);
  const latest = await t.db.execute(sql`
    SELECT customer_id, max(created_at) AS last_at FROM wallet_transactions GROUP BY 1
    EXCEPT SELECT customer_id, last_at FROM rpt_customer_last_activity_all`);
  rows.push(...latest.rows);
  return rows;
}

const deltas = () => rollupDeltaBacklog(t.db);

/** Keys where the travel-rule rollup (folded + unfolded) and the raw records disagree. */
async function travelRuleDisagreements() {
  const { rows } = await t.db.execute(sql`
    WITH raw AS (
      SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00') AS hour, direction, state,
             jurisdiction, currency, coalesce(counterparty_vasp_id, 0) AS vasp_id, wallet_kind,
             deadline_raised IS NOT NULL AS overdue, count(*) AS n, coalesce(sum(amount_in_currency), 0) AS amount
        FROM travel_rule_records GROUP BY 1, 2, 3, 4, 5, 6, 7, 8),
    rolled AS (
      SELECT hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue, sum(n) AS n, sum(amount) AS amount
        FROM rpt_travel_rule_hourly_all GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0 OR sum(amount) <> 0)
    (SELECT * FROM raw EXCEPT SELECT * FROM rolled) UNION ALL (SELECT * FROM rolled EXCEPT SELECT * FROM raw)`);
  return rows;
}

describe('a withdrawal check while an ingestion batch is open', () => {
  it("holds the withdrawal without waiting on the batch's rollup rows of the customer and its keys", async () => {
    const { customer, body } = await heldWithdrawal();
    await openBatch(customer.id);
    const res = await check(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'review', reviewId: expect.any(Number) });
    // Nothing of the batch is visible yet; the held withdrawal is, in the rollups as in the raw rows.
    expect(await disagreements()).toEqual([]);
    expect(Number(await deltas())).toBeGreaterThan(0);

    // The fold gives up on the keys the batch holds (and folds them on a later run).
    expect(await foldRollupDeltas(t.db, 50)).toBeNull();
    expect(Number(await deltas())).toBeGreaterThan(0);

    await end('COMMIT');
    expect(await disagreements()).toEqual([]);
    expect(await foldRollupDeltas(t.db)).toBeGreaterThan(0);
    expect(Number(await deltas())).toBe(0);
    expect(await disagreements()).toEqual([]);
  });

  it("holds a withdrawal for the travel rule without waiting on a batch's record of the same rollup key", async () => {
    // Over the threshold to an address nobody attributed, with no travel-rule data: held for the rule.
    const customer = await newCustomer(t.db, 'checks_locks_tr');
    const withdrawal = () => withdrawalBody(customer.externalId, { amount: '1000' });
    const first = await check(withdrawal());
    expect(first.json()).toMatchObject({ decision: 'review', reasons: [{ code: 'TRAVEL_RULE_MISSING' }] });
    await foldRollupDeltas(t.db);
    // The batch records transfers with that record's key, in this hour and the next (the check may
    // land past the hour), and holds those rollup rows until it ends.
    const batch = await openBatch(customer.id);
    await batch.query(
      `WITH w AS (
         INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status, created_at)
         SELECT $1, 'withdrawal', 'USDT', 'TRC20', 900, 'pending', now() + h * interval '1 hour'
           FROM generate_series(0, 1) h RETURNING id, created_at)
       INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency,
                                        amount_in_currency, wallet_kind, counterparty_vasp_id, created_at)
       SELECT w.id, r.direction, r.state, r.jurisdiction, r.currency, r.amount_in_currency, r.wallet_kind,
              r.counterparty_vasp_id, w.created_at
         FROM w, travel_rule_records r WHERE r.transaction_id = $2`,
      [customer.id, first.json().reviewId],
    );
    const res = await check(withdrawal());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'review', reasons: [{ code: 'TRAVEL_RULE_MISSING' }] });
    expect(await travelRuleDisagreements()).toEqual([]);
    expect(await foldRollupDeltas(t.db, 50)).toBeNull();

    await end('COMMIT');
    expect(await foldRollupDeltas(t.db)).toBeGreaterThan(0);
    expect(Number(await deltas())).toBe(0);
    expect(await travelRuleDisagreements()).toEqual([]);
  });

  it('holds a withdrawal the exchange already sent as pending (an update of it) without waiting either', async () => {
    const { customer, body } = await heldWithdrawal();
    // The exchange's pending row of this withdrawal, committed; the batch then holds the pending key.
    await t.db.execute(sql`
      INSERT INTO wallet_transactions (external_id, customer_id, type, asset, network, amount, status, created_at)
      VALUES (${body.withdrawalId}, ${customer.id}, 'withdrawal', 'USDT', 'TRC20', 12.5, 'pending', now())`);
    await openBatch(customer.id);
    const res = await check(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'review' });
    const held = await t.db.execute<{ status: string }>(
      sql`SELECT status FROM wallet_transactions WHERE external_id = ${body.withdrawalId}`,
    );
    expect(held.rows).toEqual([{ status: 'under_review' }]);
    expect(await disagreements()).toEqual([]);
    await end('ROLLBACK');
    expect(await foldRollupDeltas(t.db)).toBeGreaterThan(0);
    expect(await disagreements()).toEqual([]);
  });
});
