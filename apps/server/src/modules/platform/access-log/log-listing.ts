import type { AccessLogRow } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { exportStatement } from '../../../lib/list-query.ts';

// What the two log screens (access log, audit trail) read the same way: pages in time order, a
// bounded total asked apart, and an export in the list's order.

export type LogPageQuery = { sort: 'at'; dir: 'asc' | 'desc'; cursor?: string; limit: number };

/** Whole UTC days, both ends included (as every list's date filter). */
export const dayRange = (column: SQL, f: { from?: string; to?: string }) => [
  f.from ? sql`${column} >= ${f.from}::date::timestamp AT TIME ZONE 'UTC'` : undefined,
  f.to ? sql`${column} < (${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'` : undefined,
];

/** One log table as its list reads it. */
export interface LogTable {
  /** The table under its alias (`access_log l`): all the count needs. */
  table: SQL;
  /** The table with the joins the columns need. */
  from: SQL;
  columns: SQL;
  /** The alias's time and id columns: the order, with the id breaking ties. */
  at: SQL;
  id: SQL;
}

/** One page of the rows `filter` matches, in time order; its total is logCount's, asked apart. */
export function logPage<Stored extends { id: string | number }>(
  db: DbOrTx,
  log: LogTable,
  filter: SQL,
  query: LogPageQuery,
) {
  type Paged = Stored & { sort_value: string };
  return keysetPage<Paged>(
    { sort: log.at, id: log.id, dir: query.dir },
    query,
    (row) => [row.sort_value, Number(row.id)],
    async (k) => {
      const { rows } = await db.execute(sql`
        SELECT ${log.columns}, ${log.at}::text AS sort_value FROM ${log.from}
        WHERE ${filter}${k.where ? sql` AND ${k.where}` : sql``}
        ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`);
      // The caller names its columns' row type; the driver cannot check it.
      return rows as Paged[];
    },
  );
}

/**
 * How many rows `filter` matches: exact up to 100,000, then the planner's estimate, labelled as one
 * (decision 0004). Asked apart from the page, so a page of millions of rows still answers at once.
 */
export const logCount = (db: DbOrTx, log: LogTable, filter: SQL) =>
  boundedCount(db, sql`${log.table} WHERE ${filter}`);

/** Every row `filter` matches in the list's order, for an export streamed from a cursor. */
export function logExportQuery(log: LogTable, filter: SQL, dir: 'asc' | 'desc') {
  const order = dir === 'asc' ? sql`asc` : sql`desc`;
  const statement = sql`SELECT ${log.columns} FROM ${log.from} WHERE ${filter} ORDER BY ${log.at} ${order}, ${log.id} ${order}`;
  return exportStatement(statement);
}

/** The staff member a row is about, or null when it names none the join found. */
export const loggedMember = (r: {
  member_id: number | null;
  member_user_name: string | null;
  member_display_name: string | null;
}): AccessLogRow['member'] =>
  r.member_id !== null && r.member_user_name !== null
    ? {
        id: r.member_id,
        user_name: r.member_user_name,
        display_name: r.member_display_name ?? r.member_user_name,
      }
    : null;
