import { type EnrichedTrade, type MarketOffer, type PendingTrade, transactionsApi } from '@backdesk/contract';
import { ENRICHMENT_DEFAULTS } from '@backdesk/contract/rules';
import type { OfferStatus, TradeStatus } from '@backdesk/contract/transactions/keys';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, executePrepared, limitOf } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import { boundedCount, countUpTo } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { sparsePage } from '../../../lib/sparse-page.ts';

/** A LIKE pattern matching the text literally, as a prefix. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The customer a trade names by user name, for the link to the customer page; null when no customer
 * has that name. A subquery in the select list: PostgreSQL evaluates it for the page's rows only,
 * after the sort and limit, through the unique user_name index.
 */
const customerIdOf = (userName: SQL) =>
  sql`(SELECT c.id::int FROM customers c WHERE c.user_name = ${userName})`;

/** The enriched trade (docs/product-rules.md R16) as one LEFT JOIN: offer fields or the defaults, total in numeric. */
const ENRICHED_TRADE_COLUMNS = sql`
  t.id, t.trade_market_guid::text AS trade_market_guid, trim_scale(t.trade_amount)::text AS trade_amount,
  t.buyer_user_name, t.status, ${isoUtc(sql`t.created_at`)} AS created_at, t.dispute_reason, t.version,
  coalesce(o.seller_user_name, ${ENRICHMENT_DEFAULTS.seller_user_name}) AS seller_user_name,
  o.selling_contract_name, o.selling_account_address,
  coalesce(trim_scale(o.unit_price), ${ENRICHMENT_DEFAULTS.unit_price}::numeric)::text AS unit_price,
  o.rank_seller, o.seller_message,
  trim_scale(t.trade_amount * coalesce(o.unit_price, ${ENRICHMENT_DEFAULTS.unit_price}::numeric))::text AS total_price,
  ${customerIdOf(sql`t.buyer_user_name`)} AS buyer_customer_id, ${customerIdOf(sql`o.seller_user_name`)} AS seller_customer_id`;

const OFFER_COLUMNS = sql`
  o.trade_market_guid::text AS trade_market_guid, o.seller_user_name, o.selling_contract_name,
  o.selling_account_address, trim_scale(o.unit_price)::text AS unit_price, o.rank_seller, o.seller_message,
  o.status, ${isoUtc(sql`o.created_at`)} AS created_at, o.version`;

type TradeListQuery = z.output<typeof transactionsApi.TradeListQuerySchema>;
type TradeFilters = z.output<typeof transactionsApi.TradeFiltersSchema>;
type OfferListQuery = z.output<typeof transactionsApi.OfferListQuerySchema>;

/** Filters on the offer's seller and contract: the offer's columns, or a trade's copy of them. */
const sellerFilter = (seller: string | undefined, column = sql`o.seller_user_name`) =>
  seller ? sql`public.bd_fold(${column}) LIKE public.bd_fold(${prefixPattern(seller)})` : undefined;
const contractFilter = (contract: string | undefined, column = sql`o.selling_contract_name`) =>
  contract ? sql`${column} = ${contract.toUpperCase()}` : undefined;
const where = (conditions: (SQL | undefined)[]) => {
  const all = and(...conditions);
  return all ? sql`WHERE ${all}` : sql``;
};

type TradePageRow = EnrichedTrade & { sort_key: string };

/**
 * An amount range with fewer trades than this (counted from the amount index, a millisecond) is
 * sorted from its matches; a larger one fills a page from a bounded walk in date order.
 */
const RARE_IN_RANGE = 5_000;

/**
 * A trade list's filters, the status first. The offer's seller and contract are filtered on the
 * trade's copies (offer_*, kept equal by triggers): filter and sort read one table and its
 * (status, contract or folded seller, sort key, id) indexes.
 */
const tradeFilters = (q: TradeFilters) => [
  sql`t.status = ${q.status}`,
  sellerFilter(q.seller, sql`t.offer_seller_user_name`),
  contractFilter(q.contract, sql`t.offer_contract_name`),
  q.minAmount ? sql`t.trade_amount >= ${q.minAmount}::numeric` : undefined,
  q.maxAmount ? sql`t.trade_amount <= ${q.maxAmount}::numeric` : undefined,
  q.guid ? sql`t.trade_market_guid = ${q.guid}::uuid` : undefined,
];

export type TradeRow = {
  id: number;
  status: TradeStatus;
  version: number;
  trade_market_guid: string;
  trade_amount: string;
  resolution: string | null;
  resolution_reason: string | null;
};

export function createP2pRepository() {
  return {
    /** The original GET get-pending-trades (R17): the newest pending trades, bounded. */
    async newestPendingTrades(db: DbOrTx): Promise<PendingTrade[]> {
      const result = await db.execute<PendingTrade>(sql`
        SELECT id, trade_market_guid::text AS trade_market_guid, trim_scale(trade_amount)::text AS trade_amount,
               buyer_user_name, status, ${isoUtc(sql`created_at`)} AS created_at
        FROM p2p_trades WHERE status = 'pending'
        ORDER BY created_at DESC, id DESC LIMIT ${transactionsApi.SPEC_LIST_CAP}`);
      return result.rows;
    },

    /** The original POST all-p2p (R17): the newest offers, bounded. */
    async newestOffers(db: DbOrTx): Promise<MarketOffer[]> {
      const result = await db.execute<MarketOffer>(sql`
        SELECT ${OFFER_COLUMNS} FROM p2p_offers o
        ORDER BY o.created_at DESC, o.trade_market_guid DESC LIMIT ${transactionsApi.SPEC_LIST_CAP}`);
      return result.rows;
    },

    async tradesPage(db: DbOrTx, q: TradeListQuery) {
      const filters = tradeFilters(q);
      const from = sql`p2p_trades t LEFT JOIN p2p_offers o ON o.trade_market_guid = t.trade_market_guid`;
      const sortColumn = q.sort === 'trade_amount' ? sql`t.trade_amount` : sql`t.created_at`;
      const amountRange = q.minAmount || q.maxAmount;
      const page = await keysetPage<TradePageRow>(
        { sort: sortColumn, id: sql`t.id`, dir: q.dir },
        q,
        (row) => [row.sort_key, row.id],
        async (k) => {
          const orderBy = sql.join(k.orderBy, sql`, `);
          const page = (ids: SQL, limit: SQL = sql`${k.limit}`) => sql`
            SELECT ${ENRICHED_TRADE_COLUMNS}, ${sortColumn}::text AS sort_key
            FROM ${from} ${where([ids, k.where])} ORDER BY ${orderBy} LIMIT ${limit}`;
          // A seller prefix spans many sellers: its trades are chosen by their ids from the index
          // (status, folded seller, created_at, id) alone, then only the page's rows are read.
          if (q.seller && !q.guid && !amountRange) {
            const ids = sql`t.id IN (SELECT t.id FROM p2p_trades t ${where([...filters, k.where])}
              ORDER BY ${orderBy} LIMIT ${k.limit})`;
            return (await db.execute<TradePageRow>(page(ids))).rows;
          }
          // Newest first with an amount range, the planner guesses how many trades of a contract (or
          // seller) are in the range from all amounts of all contracts, and may walk every trade of
          // the contract for none: the walk is bounded (lib/sparse-page.ts). Sorted by amount, the
          // range bounds the index walk itself; one offer's trades (guid) are few and indexed.
          if (!amountRange || q.sort === 'trade_amount' || q.guid) {
            // A status alone (the pending trades as they open) walks the (status, sort) index: prepared.
            const statusOnly = filters.slice(1).every((f) => f === undefined);
            const matching = and(...filters)!;
            return statusOnly
              ? executePrepared<TradePageRow>(db, page(matching, limitOf(k.limit)))
              : (await db.execute<TradePageRow>(page(matching))).rows;
          }
          // The range's trades counted from the amount index, up to a bound: none reads no row, and
          // fewer than the bound are found through that index straight away, without the walk.
          const inRange =
            (await countUpTo(db, sql`p2p_trades t ${where(filters)}`, RARE_IN_RANGE)) ?? RARE_IN_RANGE;
          if (inRange === 0) return [];
          // The filters after the status (filters[0]).
          const narrowing = filters.slice(1).filter((f) => f !== undefined);
          return sparsePage<TradePageRow>(db, {
            page,
            window: sql`SELECT t.id, ${and(...narrowing)} AS hit FROM p2p_trades t
              ${where([filters[0], k.where])} ORDER BY ${orderBy}`,
            matches: sql`SELECT t.id FROM p2p_trades t ${where([...filters, k.where])} ORDER BY ${orderBy}`,
            id: sql`t.id`,
            rare: inRange < RARE_IN_RANGE,
            limit: k.limit,
          });
        },
      );
      return { ...page, items: page.items.map(({ sort_key: _, ...trade }) => trade) };
    },

    /** No filter reads the offer, so the count needs no join (the join adds no rows: one offer per guid). */
    tradesCount: (db: DbOrTx, q: TradeFilters) =>
      boundedCount(db, sql`p2p_trades t ${where(tradeFilters(q))}`),

    async offersPage(db: DbOrTx, q: OfferListQuery) {
      const filters = [
        q.status ? sql`o.status = ${q.status}` : undefined,
        sellerFilter(q.seller),
        contractFilter(q.contract),
      ];
      const sortColumn =
        q.sort === 'unit_price'
          ? sql`o.unit_price`
          : q.sort === 'rank_seller'
            ? sql`coalesce(o.rank_seller, 0)`
            : sql`o.created_at`;
      const [page, total] = await Promise.all([
        keysetPage<MarketOffer & { sort_key: string }>(
          { sort: sortColumn, id: sql`o.trade_market_guid`, dir: q.dir },
          q,
          (row) => [row.sort_key, row.trade_market_guid],
          async (k) =>
            (
              await db.execute<MarketOffer & { sort_key: string }>(sql`
                SELECT ${OFFER_COLUMNS}, ${sortColumn}::text AS sort_key
                FROM p2p_offers o ${where([...filters, k.where])}
                ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
            ).rows,
        ),
        boundedCount(db, sql`p2p_offers o ${where(filters)}`),
      ]);
      return { ...page, items: page.items.map(({ sort_key: _, ...offer }) => offer), total };
    },

    async lockOffer(tx: DbOrTx, guid: string): Promise<MarketOffer | undefined> {
      const result = await tx.execute<MarketOffer>(
        sql`SELECT ${OFFER_COLUMNS} FROM p2p_offers o WHERE o.trade_market_guid = ${guid} FOR UPDATE`,
      );
      return result.rows[0];
    },

    async setOfferStatus(tx: DbOrTx, guid: string, status: OfferStatus): Promise<number> {
      const result = await tx.execute<{ version: number }>(sql`
        UPDATE p2p_offers SET status = ${status}, version = version + 1
        WHERE trade_market_guid = ${guid} RETURNING version`);
      return result.rows[0]!.version;
    },

    async lockTrade(tx: DbOrTx, id: number): Promise<TradeRow | undefined> {
      const result = await tx.execute<TradeRow>(sql`
        SELECT id, status, version, trade_market_guid::text AS trade_market_guid,
               trim_scale(trade_amount)::text AS trade_amount, resolution, resolution_reason
        FROM p2p_trades WHERE id = ${id} FOR UPDATE`);
      return result.rows[0];
    },

    async resolveTrade(
      tx: DbOrTx,
      id: number,
      change: {
        status: 'cancelled' | 'completed';
        resolution: 'cancelled' | 'released' | 'refunded';
        reason: string;
        memberId: number;
      },
    ): Promise<number> {
      const result = await tx.execute<{ version: number }>(sql`
        UPDATE p2p_trades
        SET status = ${change.status}, resolution = ${change.resolution}, resolution_reason = ${change.reason},
            resolved_by = ${change.memberId}, resolved_at = now(), version = version + 1
        WHERE id = ${id} RETURNING version`);
      return result.rows[0]!.version;
    },
  };
}
export type P2pRepository = ReturnType<typeof createP2pRepository>;
