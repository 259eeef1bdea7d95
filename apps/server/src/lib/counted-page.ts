import type { ListTotal } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared, limitOf } from '../db/client.ts';
import { boundedCount } from './bounded-count.ts';
import { type KeysetPage, type KeysetRequest, keysetPage } from './keyset.ts';

interface KeysetList {
  columns: SQL;
  from: SQL;
  filter: SQL;
  sort: SQL;
  id: SQL;
  dir: 'asc' | 'desc';
  prepared?: boolean;
}

/**
 * A list's page of `SELECT columns FROM from WHERE filter` in keyset order by `sort` and then `id`.
 * Each row carries its sort key as text (`sort_value`), which its cursor is made of.
 * `prepared`: the page runs as a statement prepared once per text (executePrepared) — for a page whose
 * joins cost more to plan than to run and whose best plan does not hang on the filter's values.
 */
export function listKeysetPage<Row extends Record<string, unknown> & { id: number | string }>(
  db: DbOrTx,
  list: KeysetList,
  request: KeysetRequest,
): Promise<KeysetPage<Row & { sort_value: string | null }>> {
  type Paged = Row & { sort_value: string | null };
  return keysetPage<Paged>(
    { sort: list.sort, id: list.id, dir: list.dir },
    request,
    (row) => [row.sort_value, Number(row.id)],
    async (k) => {
      const page = (limit: SQL) => sql`
          SELECT ${list.columns}, (${list.sort})::text AS sort_value FROM ${list.from}
          WHERE ${list.filter}${k.where ? sql` AND ${k.where}` : sql``}
          ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${limit}`;
      // Prepared, the page size is written in: as a parameter the generic plan would expect a tenth
      // of the table and lose to each custom plan (limitOf).
      if (list.prepared) return executePrepared<Paged>(db, page(limitOf(k.limit)));
      return (await db.execute<Paged>(page(sql`${k.limit}`))).rows as Paged[];
    },
  );
}

/**
 * The page of `listKeysetPage` and its bounded total counted beside it over `countFrom` (`from`
 * unless the filter needs none of its joins).
 */
export async function countedKeysetPage<Row extends Record<string, unknown> & { id: number | string }>(
  db: DbOrTx,
  list: KeysetList & { countFrom?: SQL },
  request: KeysetRequest,
): Promise<KeysetPage<Row & { sort_value: string | null }> & { total: ListTotal }> {
  const [page, total] = await Promise.all([
    listKeysetPage<Row>(db, list, request),
    boundedCount(db, sql`${list.countFrom ?? list.from} WHERE ${list.filter}`),
  ]);
  return { ...page, total };
}
