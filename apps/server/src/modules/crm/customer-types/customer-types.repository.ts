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
export type MovedCustomer = { id: number; from_tier: string };
/** Who a move of many is over: the list's filters, or ids. */
export type ChosenCustomers = { filters: CustomerFilters } | { customer_ids: number[] };

const TYPE_COLUMNS = sql`code, name, description, required_kyc_level, commission_discount::text, rank, version`;
/** A customer's tier, a missing one read as the default tier. */
const TIER = CUSTOMER_MAPPING.customer_type;

const movable = (chosen: ChosenCustomers, to: string) =>
  'filters' in chosen
    ? sql`${customerWhere(chosen.filters)} AND ${TIER} <> ${to}`
    : sql`id = ANY(${sql.param(chosen.customer_ids)}::bigint[]) AND ${TIER} <> ${to}`;

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

    async moveOne(tx: DbOrTx, customerId: number, to: string): Promise<void> {
      await tx.execute(sql`
        UPDATE customers SET customer_type = ${to}, version = version + 1, update_date = now()
        WHERE id = ${customerId}`);
    },

    /** How many of the chosen customers a move would move (those not in the tier already). */
    async countMovable(tx: DbOrTx, chosen: ChosenCustomers, to: string): Promise<number> {
      const result = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM customers WHERE ${movable(chosen, to)}`,
      );
      return result.rows[0]!.n;
    },

    /** The ids a move would move, locked in id order; at most `limit` of them. */
    async lockMovable(tx: DbOrTx, chosen: ChosenCustomers, to: string, limit: number): Promise<number[]> {
      const result = await tx.execute<{ id: number }>(
        sql`SELECT id FROM customers WHERE ${movable(chosen, to)} ORDER BY id LIMIT ${limit} FOR UPDATE`,
      );
      return result.rows.map((r) => Number(r.id));
    },

    /**
     * Moves these customers to the tier, those already in it untouched; answers who moved and from
     * which tier, for their events.
     */
    async moveIds(tx: DbOrTx, ids: readonly number[], to: string): Promise<MovedCustomer[]> {
      const result = await tx.execute<MovedCustomer>(sql`
        WITH chosen AS (
          SELECT id, ${TIER} AS from_tier FROM customers
          WHERE ${movable({ customer_ids: [...ids] }, to)} ORDER BY id FOR UPDATE)
        UPDATE customers SET customer_type = ${to}, version = version + 1, update_date = now()
        FROM chosen WHERE customers.id = chosen.id
        RETURNING customers.id::int AS id, chosen.from_tier`);
      return result.rows;
    },
  };
}
export type CustomerTypesRepository = ReturnType<typeof createCustomerTypesRepository>;
