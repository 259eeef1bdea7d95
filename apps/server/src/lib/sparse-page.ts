import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { withLocalSettings } from './local-settings.ts';

/**
 * How many rows, in sort order, a filtered page reads for its matches before it asks the filters'
 * own indexes instead: a few milliseconds; filters matching more than one row in a hundred fill a
 * page within it.
 */
export const SORT_WINDOW = 5_000;

export interface SparsePageQuery {
  /** The page's statement, its rows chosen by `ids` (a condition on the id column) and the keyset. */
  page: (ids: SQL) => SQL;
  /** `SELECT <id>, <filters> AS hit FROM … WHERE <keyset> ORDER BY <page order>`: the sort order unfiltered. */
  window: SQL;
  /** `SELECT <id> FROM … WHERE <filters> AND <keyset> ORDER BY <page order>`: the matches, in order. */
  matches: SQL;
  /** The id column the page's condition compares (`id`, `t.id`). */
  id: SQL;
  limit: number;
  /**
   * Known beforehand to be rare (counted, e.g. customer_facet_counts): reading every match costs
   * less than the window's walk, so the window is not read.
   */
  rare?: boolean;
}

/**
 * A page of a filtered list whose share of matches the planner can only guess: a value it has no
 * statistics for, or filters that never occur together, make its walk of the sort index (expecting
 * a match soon) read the whole table. Here the walk is bounded: the next SORT_WINDOW rows in sort
 * order are read for matches; when they hold fewer than a page, matches are rare, and are found
 * through the filters' own indexes (no index walk allowed), then sorted. Same rows either way.
 */
export async function sparsePage<Row extends Record<string, unknown>>(
  db: DbOrTx,
  q: SparsePageQuery,
): Promise<Row[]> {
  if (!q.rare) {
    const walked = await db.execute<Row>(
      q.page(
        sql`${q.id} IN (SELECT id FROM (${q.window} LIMIT ${SORT_WINDOW}) AS w WHERE hit LIMIT ${q.limit})`,
      ),
    );
    if (walked.rows.length === q.limit) return walked.rows as Row[];
  }
  // For this transaction only: bitmap scans of the filters' indexes, never an ordered index walk.
  return withLocalSettings(db, { enable_indexscan: 'off', enable_indexonlyscan: 'off' }, async (tx) => {
    const ids = await tx.execute<{ id: string | number }>(sql`${q.matches} LIMIT ${q.limit}`);
    await tx.execute(sql`SET LOCAL enable_indexscan = on`);
    if (ids.rows.length === 0) return [];
    const list = sql.join(
      ids.rows.map((r) => sql`${r.id}`),
      sql`, `,
    );
    return (await tx.execute<Row>(q.page(sql`${q.id} IN (${list})`))).rows as Row[];
  });
}
