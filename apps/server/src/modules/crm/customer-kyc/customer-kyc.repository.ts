import type { CustomerKycRow, crmApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { CUSTOMER_MAPPING, isoUtc } from '../../../db/sql/index.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { CUSTOMER_SORT, customerWhere } from '../customers/customer-sql.ts';

type Query = z.output<typeof crmApi.CustomerKycQuerySchema>;

const SORT = {
  user_name: CUSTOMER_SORT.user_name,
  kyc_status: CUSTOMER_SORT.kyc_status,
  kyc_level: sql`kyc_level`,
  created_at: CUSTOMER_SORT.created_at,
} as const;

function where(q: Query): SQL {
  const conditions = [customerWhere({ search: q.search, kyc_status: q.kyc_status })];
  if (q.kyc_type) conditions.push(sql`kyc_type = ${q.kyc_type}`);
  if (q.kyc_level !== undefined) conditions.push(sql`kyc_level = ${q.kyc_level}`);
  return sql.join(conditions, sql` AND `);
}

type Row = CustomerKycRow & { sort_value: string };

export function createCustomerKycRepository() {
  return {
    /** Each customer's KYC state (defaults and label as the customer list maps them) and last decision. */
    async page(db: DbOrTx, q: Query) {
      const filter = where(q);
      const sort = SORT[q.sort];
      const [page, total] = await Promise.all([
        keysetPage<Row>(
          { sort, id: sql`id`, dir: q.dir },
          q,
          (row) => [row.sort_value, Number(row.id)],
          // The page is cut first, then joined to its last decisions; the outer ORDER BY repeats
          // the sort, whose columns the inner SELECT * carries.
          async (k) =>
            (
              await db.execute<Row>(sql`
                SELECT c.id, c.user_name, c.alias_name, c.alias_surname, c.kyc_status, c.kyc_type_label,
                       c.kyc_level, d.decision AS last_decision, ${isoUtc(sql`d.at`)} AS last_decision_at,
                       c.sort_value
                FROM (SELECT *, ${CUSTOMER_MAPPING.kyc_status} AS kyc_status,
                             ${CUSTOMER_MAPPING.kyc_type_label} AS kyc_type_label,
                             (${sort})::text AS sort_value
                      FROM customers
                      WHERE ${filter}${k.where ? sql` AND ${k.where}` : sql``}
                      ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}) c
                LEFT JOIN LATERAL (SELECT decision, at FROM kyc_decisions
                                   WHERE customer_id = c.id ORDER BY at DESC, id DESC LIMIT 1) d ON true
                ORDER BY ${sql.join(k.orderBy, sql`, `)}`)
            ).rows,
        ),
        boundedCount(db, sql`customers WHERE ${filter}`),
      ]);
      return {
        ...page,
        items: page.items.map(({ sort_value: _sort, ...row }) => ({ ...row, id: Number(row.id) })),
        total,
      };
    },
  };
}
