import type { CustomerFilters } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { CUSTOMER_MAPPING } from '../../../db/sql/index.ts';
import { customerWhere } from '../customers/customer-sql.ts';

export type CustomerTypeRow = {
  code: string;
  name: string;
  description: string;
  required_kyc_level: number;
  commission_discount: string;
  rank: number;
  version: number;
  customers: number;
};
type StoredType = Omit<CustomerTypeRow, 'customers'>;

const TYPE_COLUMNS = sql`code, name, description, required_kyc_level, commission_discount::text, rank, version`;
/** A customer's tier, a missing one read as the default tier. */
const TIER = CUSTOMER_MAPPING.customer_type;

export function createCustomerTypesRepository() {
  return {
    /** Every tier with its customer count; customers without a tier count in the default one. */
    async list(db: DbOrTx): Promise<CustomerTypeRow[]> {
      const result = await db.execute<CustomerTypeRow>(sql`
        SELECT t.code, t.name, t.description, t.required_kyc_level, t.commission_discount::text, t.rank, t.version,
               coalesce(n.customers, 0)::int AS customers
        FROM customer_types t
        LEFT JOIN (SELECT ${TIER} AS code, count(*) AS customers FROM customers GROUP BY 1) n ON n.code = t.code
        ORDER BY t.rank, t.code`);
      return result.rows;
    },

    async lock(tx: DbOrTx, code: string): Promise<StoredType | undefined> {
      const result = await tx.execute<StoredType>(
        sql`SELECT ${TYPE_COLUMNS} FROM customer_types WHERE code = ${code} FOR UPDATE`,
      );
      return result.rows[0];
    },

    async update(
      tx: DbOrTx,
      t: {
        code: string;
        name: string;
        description: string;
        required_kyc_level: number;
        commission_discount: string;
      },
    ): Promise<StoredType> {
      const result = await tx.execute<StoredType>(sql`
        UPDATE customer_types SET name = ${t.name}, description = ${t.description},
          required_kyc_level = ${t.required_kyc_level}, commission_discount = ${t.commission_discount}::numeric,
          version = version + 1
        WHERE code = ${t.code} RETURNING ${TYPE_COLUMNS}`);
      return result.rows[0]!;
    },

    async countOf(db: DbOrTx, code: string): Promise<number> {
      const result = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM customers WHERE ${TIER} = ${code}`,
      );
      return result.rows[0]!.n;
    },

    /** A customer's tier, the row locked for the move; undefined when there is no such customer. */
    async lockCustomerTier(tx: DbOrTx, customerId: number): Promise<string | undefined> {
      const result = await tx.execute<{ tier: string }>(
        sql`SELECT ${TIER} AS tier FROM customers WHERE id = ${customerId} FOR UPDATE`,
      );
      return result.rows[0]?.tier;
    },

    /** The ids of these customers that exist, their rows locked for the move. */
    async lockExisting(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
      const result = await tx.execute<{ id: number }>(
        sql`SELECT id FROM customers WHERE id = ANY(${sql.param([...ids])}::bigint[]) ORDER BY id FOR UPDATE`,
      );
      return new Set(result.rows.map((r) => Number(r.id)));
    },

    /** Moves these customers; those already in the tier stay untouched. */
    async moveIds(tx: DbOrTx, ids: readonly number[], to: string): Promise<number> {
      const result = await tx.execute(sql`
        UPDATE customers SET customer_type = ${to}, version = version + 1, update_date = now()
        WHERE id = ANY(${sql.param([...ids])}::bigint[]) AND ${TIER} <> ${to}`);
      return result.rowCount ?? 0;
    },

    async moveOne(tx: DbOrTx, customerId: number, to: string): Promise<void> {
      await tx.execute(sql`
        UPDATE customers SET customer_type = ${to}, version = version + 1, update_date = now()
        WHERE id = ${customerId}`);
    },

    /** One statement for the whole filtered set, however large; customers already there stay untouched. */
    async moveMatching(tx: DbOrTx, filters: CustomerFilters, to: string): Promise<number> {
      const result = await tx.execute(sql`
        UPDATE customers SET customer_type = ${to}, version = version + 1, update_date = now()
        WHERE ${customerWhere(filters)} AND ${TIER} <> ${to}`);
      return result.rowCount ?? 0;
    },
  };
}
export type CustomerTypesRepository = ReturnType<typeof createCustomerTypesRepository>;
