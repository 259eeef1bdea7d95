import type { crmApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { customerSearch, isoUtc } from '../../../db/sql/index.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { allOf, exportStatement } from '../../../lib/list-query.ts';

type Query = z.output<typeof crmApi.UserAssetsQuerySchema>;
type Filters = Pick<Query, 'customer' | 'customerId' | 'asset'>;

export type UserAssetRow = {
  customer_id: number;
  user_name: string;
  asset: string;
  available: string;
  locked: string;
  updated_at: string;
};

const SORT = { available: sql`b.available`, locked: sql`b.locked`, updated_at: sql`b.updated_at` } as const;
/** Balances have a composite key; this text is its unique, comparable tie-breaker. */
const ROW_ID = sql`(b.customer_id::text || '/' || b.asset)`;
const FROM = sql`customer_balances b JOIN customers c ON c.id = b.customer_id`;
const COLUMNS = sql`b.customer_id, c.user_name, b.asset, trim_scale(b.available)::text AS available,
  trim_scale(b.locked)::text AS locked, ${isoUtc(sql`b.updated_at`)} AS updated_at`;

function where(f: Filters): SQL {
  const conditions: SQL[] = [];
  if (f.asset) conditions.push(sql`b.asset = upper(${f.asset})`);
  if (f.customerId) conditions.push(sql`b.customer_id = ${f.customerId}`);
  if (f.customer) conditions.push(customerSearch(sql`c.search_text`, f.customer));
  return allOf(conditions);
}

export function createUserAssetsRepository() {
  return {
    async page(db: DbOrTx, q: Query) {
      const filter = where(q);
      const sort = SORT[q.sort];
      type Paged = UserAssetRow & { sort_value: string; row_id: string };
      const [page, total] = await Promise.all([
        keysetPage<Paged>(
          { sort, id: ROW_ID, dir: q.dir },
          q,
          (row) => [row.sort_value, row.row_id],
          async (k) =>
            (
              await db.execute<Paged>(sql`
                SELECT ${COLUMNS}, (${sort})::text AS sort_value, ${ROW_ID} AS row_id FROM ${FROM}
                WHERE ${filter}${k.where ? sql` AND ${k.where}` : sql``}
                ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
            ).rows,
        ),
        boundedCount(db, sql`${FROM} WHERE ${filter}`),
      ]);
      return {
        ...page,
        items: page.items.map(({ sort_value: _s, row_id: _r, ...row }) => ({
          ...row,
          customer_id: Number(row.customer_id),
        })),
        total,
      };
    },

    /** Exact sums in SQL numeric; strings on the wire. */
    async totals(db: DbOrTx, f: Filters) {
      const result = await db.execute<{
        asset: string;
        available: string;
        locked: string;
        holders: number;
      }>(sql`
        SELECT b.asset, trim_scale(sum(b.available))::text AS available, trim_scale(sum(b.locked))::text AS locked,
               count(*) FILTER (WHERE b.available > 0 OR b.locked > 0)::int AS holders
        FROM ${f.customer ? FROM : sql`customer_balances b`} WHERE ${where(f)}
        GROUP BY b.asset ORDER BY b.asset`);
      return result.rows;
    },

    exportQuery(q: Omit<Query, 'cursor' | 'limit'>) {
      const direction = q.dir === 'asc' ? sql`asc` : sql`desc`;
      const query = sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where(q)}
        ORDER BY ${SORT[q.sort]} ${direction}, ${ROW_ID} ${direction}`;
      return exportStatement(query);
    },
  };
}
