import type { CustomerFilters } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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

const TYPE_COLUMNS = sql`code, name, description, required_kyc_level, commission_discount::text, rank, version`;

export function createCustomerTypesRepository() {
  return {
    /** Every tier with its customer count; customers without a tier count as bronze (spec §9). */
    async list(db: DbOrTx): Promise<CustomerTypeRow[]> {
      const result = await db.execute<CustomerTypeRow>(sql`
        SELECT t.code, t.name, t.description, t.required_kyc_level, t.commission_discount::text, t.rank, t.version,
               coalesce(n.customers, 0)::int AS customers
        FROM customer_types t
        LEFT JOIN (SELECT coalesce(customer_type, 'bronze') AS code, count(*) AS customers
                   FROM customers GROUP BY 1) n ON n.code = t.code
        ORDER BY t.rank, t.code`);
      return result.rows;
    },

    async lock(tx: DbOrTx, code: string) {
      const result = await tx.execute<Omit<CustomerTypeRow, 'customers'>>(
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
    ) {
      const result = await tx.execute<Omit<CustomerTypeRow, 'customers'>>(sql`
        UPDATE customer_types SET name = ${t.name}, description = ${t.description},
          required_kyc_level = ${t.required_kyc_level}, commission_discount = ${t.commission_discount}::numeric,
          version = version + 1
        WHERE code = ${t.code} RETURNING ${TYPE_COLUMNS}`);
      return result.rows[0]!;
    },

    async countOf(db: DbOrTx, code: string): Promise<number> {
      const result = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM customers WHERE coalesce(customer_type, 'bronze') = ${code}`,
      );
      return result.rows[0]!.n;
    },

    async moveOne(tx: DbOrTx, customerId: number, to: string) {
      const result = await tx.execute<{ before: string | null }>(sql`
        UPDATE customers c SET customer_type = ${to}, version = c.version + 1, update_date = now()
        FROM (SELECT id, customer_type AS before FROM customers WHERE id = ${customerId} FOR UPDATE) old
        WHERE c.id = old.id AND coalesce(old.before, 'bronze') <> ${to}
        RETURNING old.before`);
      return result.rows[0];
    },

    /** One statement for the whole filtered set, however large. */
    async moveMatching(tx: DbOrTx, filters: CustomerFilters, to: string): Promise<number> {
      const result = await tx.execute(sql`
        UPDATE customers SET customer_type = ${to}, version = version + 1, update_date = now()
        WHERE ${customerWhere(filters)} AND coalesce(customer_type, 'bronze') <> ${to}`);
      return result.rowCount ?? 0;
    },
  };
}
export type CustomerTypesRepository = ReturnType<typeof createCustomerTypesRepository>;
