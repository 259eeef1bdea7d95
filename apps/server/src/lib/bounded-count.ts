import type { ListTotal } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * How many rows match, counted only up to `cap`: a list over millions of rows shows "10,000+"
 * instead of paying for a full count on every page.
 */
export async function boundedCount(db: DbOrTx, fromWhere: SQL, cap = 10_000): Promise<ListTotal> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromWhere} LIMIT ${cap + 1}) AS capped`,
  );
  const n = result.rows[0]?.n ?? 0;
  return n > cap ? { value: cap, exact: false } : { value: n, exact: true };
}
