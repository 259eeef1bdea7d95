import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLockTimeout } from '../../lib/pg-errors.ts';

/** Once a minute across the nodes: the rollups' appended deltas folded in (migration 0062). */
export const FOLD_JOB = 'reports.fold-rollups';
export const FOLD_SCHEDULE = '* * * * *';

/**
 * Folds the rollup deltas a check appended (bd_rpt_fold_deltas) and answers how many rollup rows it
 * wrote, or null when an ingestion batch held a key past the lock timeout: the fold rolled back
 * whole, and the next run folds those deltas (readers sum them meanwhile, so figures stay exact).
 * The short timeout keeps the batch from waiting on the fold either.
 */
export async function foldRollupDeltas(db: Db, lockTimeoutMs = 200): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`);
      const { rows } = await tx.execute<{ n: string }>(sql`SELECT bd_rpt_fold_deltas() AS n`);
      return Number(rows[0]!.n);
    });
  } catch (error) {
    if (isLockTimeout(error)) return null;
    throw error;
  }
}

/** Delta rows appended and not yet folded, all nodes (the metrics gauge): a growing figure means the fold keeps giving up. */
export async function rollupDeltaBacklog(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    SELECT (SELECT count(*) FROM rpt_wallet_hourly_delta) + (SELECT count(*) FROM rpt_wallet_daily_delta)
         + (SELECT count(*) FROM rpt_customer_last_activity_delta)
         + (SELECT count(*) FROM rpt_travel_rule_hourly_delta) AS n`);
  return Number(rows[0]!.n);
}
