import type { ListTotal } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { boundedCount } from './bounded-count.ts';
import { type KeysetOrder, type KeysetPage, type KeysetRequest, keysetPage } from './keyset.ts';

const dialect = new PgDialect();

/** A list's filter conditions joined with AND; no condition matches every row. */
export const allOf = (conditions: SQL[]): SQL =>
  conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;

/** A statement as lib/export streams it (it asks for the text and parameters only when it runs). */
export const exportStatement = (query: SQL) => ({ toSQL: () => dialect.sqlToQuery(query) });

export interface FilteredList {
  /** The select list (without the sort key, which this adds). */
  columns: SQL;
  /** `table alias LEFT JOIN …` the rows are read from. */
  from: SQL;
  /** What the total counts over; the bare table when the joins do not change the count (cheaper). */
  countFrom?: SQL;
  where: SQL;
}

/**
 * One keyset page of a filtered list and its bounded total, counted side by side. The rows come
 * without the sort key the cursor is made of.
 */
export async function filteredPage<Row extends { id: number | string }>(
  db: DbOrTx,
  list: FilteredList,
  order: KeysetOrder,
  request: KeysetRequest,
): Promise<KeysetPage<Row> & { total: ListTotal }> {
  type Paged = Row & { sort_value: string };
  const [page, total] = await Promise.all([
    keysetPage<Paged>(
      order,
      request,
      (row) => [row.sort_value, Number(row.id)],
      async (k) =>
        (
          await db.execute(sql`
            SELECT ${list.columns}, (${order.sort})::text AS sort_value FROM ${list.from}
            WHERE ${list.where}${k.where ? sql` AND ${k.where}` : sql``}
            ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
        ).rows as unknown as Paged[],
    ),
    boundedCount(db, sql`${list.countFrom ?? list.from} WHERE ${list.where}`),
  ]);
  const items = page.items.map(({ sort_value: _sortKey, ...row }) => row as unknown as Row);
  return { ...page, items, total };
}
