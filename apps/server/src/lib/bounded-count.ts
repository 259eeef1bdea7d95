import type { ListTotal } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { withLocalSettings } from './local-settings.ts';
import { isQueryCancelled } from './pg-errors.ts';

/** Lists count exactly up to this many rows; past it they show the planner's estimate, labelled so. */
export const EXACT_COUNT_LIMIT = 100_000;

export interface CountOptions {
  /** Count exactly up to this many rows (default EXACT_COUNT_LIMIT). */
  limit?: number;
  /**
   * Give up counting after this long and estimate instead: a search whose matches cost a heap visit
   * each (the customer trigram search) must answer fast even when it matches half the table.
   */
  budgetMs?: number;
}

/**
 * How many rows `FROM …` matches: exact up to the limit, beyond it PostgreSQL's planner estimate
 * (for an unfiltered list that is pg_class.reltuples) — never a full count(*) of millions on a page.
 */
export async function boundedCount(
  db: DbOrTx,
  fromWhere: SQL,
  options: CountOptions = {},
): Promise<ListTotal> {
  const limit = options.limit ?? EXACT_COUNT_LIMIT;
  const counted = await countUpTo(db, fromWhere, limit + 1, options.budgetMs);
  if (counted !== null && counted <= limit) return { value: counted, exact: true };
  // More than the limit (or too slow to tell): an estimate, at least what was seen to match.
  const estimate = await plannerEstimate(db, fromWhere);
  return { value: Math.max(estimate, counted ?? 0), exact: false };
}

/** The planner's estimate alone, labelled so: for a count known to cost more than it may. */
export async function estimatedCount(db: DbOrTx, fromWhere: SQL): Promise<ListTotal> {
  return { value: await plannerEstimate(db, fromWhere), exact: false };
}

/** Rows counted up to `stop`; null when the budget ran out first. */
export async function countUpTo(
  db: DbOrTx,
  fromWhere: SQL,
  stop: number,
  budgetMs?: number,
): Promise<number | null> {
  const query = sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromWhere} LIMIT ${stop}) AS capped`;
  if (budgetMs === undefined) return (await db.execute<{ n: number }>(query)).rows[0]?.n ?? 0;
  const timeout = { statement_timeout: String(Math.max(1, Math.round(budgetMs))) };
  try {
    return await withLocalSettings(
      db,
      timeout,
      async (tx) => (await tx.execute<{ n: number }>(query)).rows[0]?.n ?? 0,
    );
  } catch (error) {
    if (isQueryCancelled(error)) return null;
    throw error;
  }
}

/** The planner's row estimate for the same FROM … WHERE, read from EXPLAIN (no rows are visited). */
async function plannerEstimate(db: DbOrTx, fromWhere: SQL): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${fromWhere}`,
  );
  return Math.round(result.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}
