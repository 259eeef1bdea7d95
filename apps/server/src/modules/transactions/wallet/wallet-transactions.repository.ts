import { MAX_SERIAL_ID, type transactionsApi, type WalletTransaction } from '@backdesk/contract';
import type { WalletTxStatus } from '@backdesk/contract/transactions/keys';
import { and, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { exportStatement } from '../../../lib/list-query.ts';

export type WalletTxFilters = z.output<typeof transactionsApi.WalletTxFiltersSchema>;
type WalletTxListQuery = z.output<typeof transactionsApi.WalletTxListQuerySchema>;
type Sort = { sort: 'created_at' | 'amount'; dir: 'asc' | 'desc' };

/** The app_settings key holding the four-eyes threshold per asset, e.g. { "BTC": "0.5", "TRY": "250000" }. */
export const FOUR_EYES_SETTING = 'withdrawal_four_eyes_threshold';

const COLUMNS = sql`
  w.id, w.customer_id, c.user_name AS customer_user_name, w.type, w.asset, w.network,
  trim_scale(w.amount)::text AS amount, trim_scale(w.fee)::text AS fee, w.from_address, w.to_address,
  w.tx_hash, w.status, w.review_reason, ${isoUtc(sql`w.created_at`)} AS created_at,
  ${isoUtc(sql`w.updated_at`)} AS updated_at, w.version,
  (w.status = 'pending' AND w.released_at IS NOT NULL) AS released,
  EXISTS (SELECT 1 FROM travel_rule_records r WHERE r.transaction_id = w.id AND r.held) AS travel_rule_held`;
const FROM = sql`wallet_transactions w JOIN customers c ON c.id = w.customer_id`;

function filterSql(f: WalletTxFilters): SQL | undefined {
  // Digits name a customer id when an id can be that large; any other text is a user name.
  const customer = f.customer
    ? /^\d+$/.test(f.customer) && Number(f.customer) <= MAX_SERIAL_ID
      ? sql`w.customer_id = ${Number(f.customer)}`
      : sql`w.customer_id = (SELECT id FROM customers WHERE user_name = ${f.customer})`
    : undefined;
  return and(
    f.type ? sql`w.type = ${f.type}` : undefined,
    f.asset ? sql`w.asset = ${f.asset}` : undefined,
    f.network ? sql`w.network = ${f.network}` : undefined,
    f.status ? sql`w.status = ${f.status}` : undefined,
    customer,
    f.minAmount ? sql`w.amount >= ${f.minAmount}::numeric` : undefined,
    f.maxAmount ? sql`w.amount <= ${f.maxAmount}::numeric` : undefined,
    // Dates are whole UTC days, both ends included.
    f.from ? sql`w.created_at >= ${f.from}::date::timestamp AT TIME ZONE 'UTC'` : undefined,
    f.to ? sql`w.created_at < (${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'` : undefined,
    f.hash ? sql`w.tx_hash = ${f.hash}` : undefined,
  );
}
const whereOf = (...conditions: (SQL | undefined)[]) => {
  const all = and(...conditions);
  return all ? sql`WHERE ${all}` : sql``;
};
const sortColumn = (sort: Sort['sort']) => (sort === 'amount' ? sql`w.amount` : sql`w.created_at`);

export type LockedTransaction = {
  id: number;
  customer_id: number;
  type: string;
  asset: string;
  network: string;
  amount: string;
  from_address: string | null;
  to_address: string | null;
  status: WalletTxStatus;
  review_reason: string | null;
  version: number;
};

/**
 * Whether the customer has an active restriction of `kind`, as an SQL boolean (`customerId` may be a
 * subquery: the real-time check reads it in one statement with the rest, decision 0025).
 */
export const activeRestrictionSql = (customerId: number | SQL, kind: string): SQL => sql`EXISTS (
  SELECT 1 FROM customer_restrictions
   WHERE customer_id = ${customerId} AND kind = ${kind} AND lifted_at IS NULL
     AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now()))`;

/**
 * What the customer withdrew of the asset on the network in the window before now, as SQL text (the
 * real-time check's asset and network are placeholders of its statement, built once).
 */
export const withdrawnWithinSql = (
  w: {
    customerId: number | SQL;
    asset: string | Placeholder;
    network: string | Placeholder;
    excludeId: number;
  },
  window: '24 hours' | '30 days',
): SQL => sql`(SELECT coalesce(sum(amount), 0)::text FROM wallet_transactions
  WHERE customer_id = ${w.customerId} AND type = 'withdrawal' AND asset = ${w.asset}
    AND network = ${w.network} AND status IN ('completed', 'pending') AND id <> ${w.excludeId}
    AND created_at > now() - ${window}::interval)`;

export function createWalletTransactionsRepository() {
  return {
    async page(db: DbOrTx, q: WalletTxListQuery) {
      const filters = filterSql(q);
      const column = sortColumn(q.sort);
      type Row = WalletTransaction & { sort_key: string };
      const [page, total] = await Promise.all([
        keysetPage<Row>(
          { sort: column, id: sql`w.id`, dir: q.dir },
          q,
          (row) => [row.sort_key, row.id],
          async (k) =>
            (
              await db.execute<Row>(sql`
                SELECT ${COLUMNS}, ${column}::text AS sort_key FROM ${FROM} ${whereOf(filters, k.where)}
                ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
            ).rows,
        ),
        boundedCount(db, sql`wallet_transactions w ${whereOf(filters)}`),
      ]);
      return { ...page, items: page.items.map(({ sort_key: _, ...row }) => row), total };
    },

    /** The export's query, for streamRows: every matching row in the list's order. */
    exportQuery(filters: WalletTxFilters, order: Sort) {
      const column = sortColumn(order.sort);
      const query = sql`SELECT ${COLUMNS} FROM ${FROM} ${whereOf(filterSql(filters))}
        ORDER BY ${column} ${sql.raw(order.dir)}, w.id ${sql.raw(order.dir)}`;
      return exportStatement(query);
    },

    async byId(db: DbOrTx, id: number): Promise<WalletTransaction | undefined> {
      return (await db.execute<WalletTransaction>(sql`SELECT ${COLUMNS} FROM ${FROM} WHERE w.id = ${id}`))
        .rows[0];
    },

    async lock(tx: DbOrTx, id: number): Promise<LockedTransaction | undefined> {
      const result = await tx.execute<LockedTransaction>(sql`
        SELECT id, customer_id, type, asset, network, trim_scale(amount)::text AS amount, from_address, to_address,
               status, review_reason, version
        FROM wallet_transactions WHERE id = ${id} FOR UPDATE`);
      return result.rows[0];
    },

    async setStatus(tx: DbOrTx, id: number, status: WalletTxStatus, reason: string | null): Promise<number> {
      const result = await tx.execute<{ version: number }>(sql`
        UPDATE wallet_transactions
        SET status = ${status}, review_reason = coalesce(${reason}, review_reason), updated_at = now(), version = version + 1
        WHERE id = ${id} RETURNING version`);
      return result.rows[0]!.version;
    },

    /** A held withdrawal released by its review: pending its payout, marked released (R15, R22). */
    async release(tx: DbOrTx, id: number, reason: string | null): Promise<number> {
      const result = await tx.execute<{ version: number }>(sql`
        UPDATE wallet_transactions
        SET status = 'pending', released_at = now(), review_reason = coalesce(${reason}, review_reason),
            updated_at = now(), version = version + 1
        WHERE id = ${id} RETURNING version`);
      return result.rows[0]!.version;
    },

    async fourEyesThreshold(db: DbOrTx, asset: string): Promise<string | null> {
      const result = await db.execute<{ threshold: string | null }>(
        sql`SELECT value ->> ${asset} AS threshold FROM app_settings WHERE key = ${FOUR_EYES_SETTING}`,
      );
      return result.rows[0]?.threshold ?? null;
    },

    /** CRM's rule of an active restriction: not lifted, started, and not yet ended. */
    async hasActiveRestriction(db: DbOrTx, customerId: number, kind: string): Promise<boolean> {
      const result = await db.execute<{ restricted: boolean }>(
        sql`SELECT ${activeRestrictionSql(customerId, kind)} AS restricted`,
      );
      return result.rows[0]?.restricted === true;
    },

    /**
     * What a customer has withdrawn of an asset on a network in the window before now: completed
     * withdrawals and approved ones not yet broadcast (status pending), which are already committed.
     */
    async withdrawnWithin(
      db: DbOrTx,
      w: { customerId: number; asset: string; network: string; excludeId: number },
      window: '24 hours' | '30 days',
    ): Promise<string> {
      const result = await db.execute<{ total: string }>(
        sql`SELECT ${withdrawnWithinSql(w, window)} AS total`,
      );
      return result.rows[0]!.total;
    },
  };
}
export type WalletTransactionsRepository = ReturnType<typeof createWalletTransactionsRepository>;
