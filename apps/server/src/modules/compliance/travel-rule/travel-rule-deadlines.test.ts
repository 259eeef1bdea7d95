import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { announcePassedDeadlines } from './travel-rule-deadlines.ts';

const t = useTestApp();
const HOUR = 3_600_000;

/** A withdrawal's record in `state` whose deadline is `offsetHours` from now; its transfer's id. */
async function recordDue(state: string, offsetHours: number): Promise<number> {
  const customer = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`dl_${randomUUID().slice(0, 8)}`}) RETURNING id`,
  );
  const tx = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
    VALUES (${customer.rows[0]!.id}, 'withdrawal', 'BTC', 'BTC', '1', 'bc1qdeadline', 'pending')
    RETURNING id`);
  const deadline = new Date(t.clock.now().getTime() + offsetHours * HOUR);
  await t.db.execute(sql`
    INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency, wallet_kind, deadline)
    VALUES (${tx.rows[0]!.id}, 'withdrawal', ${state}, 'TR', 'TRY', 'unknown', ${deadline.toISOString()})`);
  return tx.rows[0]!.id;
}

/** Runs the job in a transaction and reads, before it commits, which of `ids` it queued for the fraud engine. */
async function announce(ids: number[]): Promise<number[]> {
  return t.db.transaction(async (tx) => {
    const before = await tx.execute<{ id: string }>(
      sql`SELECT coalesce(max(id), 0) AS id FROM fraud_event_queue`,
    );
    await announcePassedDeadlines(tx, t.clock.now());
    const { rows } = await tx.execute<{ ref_id: number }>(sql`
      SELECT ref_id FROM fraud_event_queue
       WHERE id > ${before.rows[0]!.id} AND kind = 'wallet_transaction'
         AND ref_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`);
    return rows.map((r) => Number(r.ref_id)).sort((a, b) => a - b);
  });
}

describe('the travel-rule deadline job', () => {
  it('sends a record still missing information past its deadline to the fraud engine, once per deadline', async () => {
    const overdue = await recordDue('information_missing', -2);
    const notYet = await recordDue('information_missing', 2);
    const done = await recordDue('complete', -2);
    const waiting = await recordDue('awaiting_counterparty', -2);
    const ids = [overdue, notYet, done, waiting];

    expect(await announce(ids)).toEqual([overdue]);
    // Another node's run, or a retry, announces nothing twice.
    expect(await announce(ids)).toEqual([]);

    // A new request of information sets a new deadline: its passing is a failure of its own.
    await t.db.execute(sql`UPDATE travel_rule_records SET deadline = deadline + interval '1 hour'
      WHERE transaction_id = ${overdue}`);
    expect(await announce(ids)).toEqual([overdue]);
    const { rows } = await t.db.execute<{ marked: boolean }>(sql`
      SELECT deadline_raised = deadline AS marked FROM travel_rule_records WHERE transaction_id = ${overdue}`);
    expect(rows).toEqual([{ marked: true }]);
  });
});
