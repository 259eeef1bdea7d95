import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/** The deadline job's name and schedule (decision 0012: once per minute across every node). */
export const DEADLINES_JOB = 'travel-rule.deadlines';
export const DEADLINES_SCHEDULE = '* * * * *';
const BATCH = 5_000;

/**
 * Records still `information_missing` when their deadline passes are failures by time alone
 * (decision 0030, beside 0026's returned and rejected): each is marked with the deadline it was
 * announced for and its transfer goes to the fraud engine's queue, whose rule `travel_rule_failures`
 * then counts it as a trigger. The mark makes a run that repeats (another node, a retry) announce
 * nothing twice, and a new request of information, with its new deadline, re-arms it. The marker is
 * bookkeeping, not a change of the record: no audit row, no version. Returns how many it announced.
 */
export async function announcePassedDeadlines(db: DbOrTx, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`
      WITH due AS (
        SELECT r.id FROM travel_rule_records r
         -- The open states, as the deadline index's predicate: the scan is of open work only.
         WHERE r.state IN ('required_unverified', 'information_missing', 'awaiting_counterparty')
           AND r.deadline <= ${now.toISOString()}::timestamptz
           AND r.state = 'information_missing' AND r.deadline_raised IS DISTINCT FROM r.deadline
         ORDER BY r.deadline, r.id LIMIT ${BATCH}
           FOR UPDATE SKIP LOCKED),
      marked AS (
        UPDATE travel_rule_records r SET deadline_raised = r.deadline FROM due
         WHERE r.id = due.id RETURNING r.transaction_id),
      queued AS (
        INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
        SELECT 'wallet_transaction', m.transaction_id, w.customer_id
          FROM marked m JOIN wallet_transactions w ON w.id = m.transaction_id
        RETURNING 1)
      SELECT count(*)::int AS n FROM queued`);
    const n = rows[0]!.n;
    total += n;
    if (n > 0) await db.execute(sql`SELECT pg_notify('fraud_events', '')`);
    if (n < BATCH) return total;
  }
}
