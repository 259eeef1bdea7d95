import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CountSchema, listQuerySchema, pageSchema, uncountedPageSchema, VersionSchema } from '../list.ts';
import {
  DISPUTE_OUTCOMES,
  OFFER_SORT_KEYS,
  OFFER_STATUSES,
  TRADE_SORT_KEYS,
  TRADE_STATUSES,
} from './keys.ts';
import { ActionResultSchema, amountText, optionalFilter, ReasonSchema } from './shared.ts';

/** A pending trade as the original get-pending-trades endpoint answers it. */
export const PendingTradeSchema = z.object({
  trade_market_guid: z.string(),
  trade_amount: z.string(),
  id: z.number().int(),
  buyer_user_name: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type PendingTrade = z.infer<typeof PendingTradeSchema>;

/** A market offer plus its status. */
export const MarketOfferSchema = z.object({
  trade_market_guid: z.string(),
  seller_user_name: z.string(),
  selling_contract_name: z.string().nullable(),
  selling_account_address: z.string().nullable(),
  unit_price: z.string(),
  rank_seller: z.number().int().nullable(),
  seller_message: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  created_at: z.string(),
  version: z.number().int(),
});
export type MarketOffer = z.infer<typeof MarketOfferSchema>;

/** The enriched trade (docs/product-rules.md R16): trade fields, offer fields or the defaults, exact total. */
export const EnrichedTradeSchema = PendingTradeSchema.extend({
  seller_user_name: z.string(),
  selling_contract_name: z.string().nullable(),
  selling_account_address: z.string().nullable(),
  unit_price: z.string(),
  rank_seller: z.number().int().nullable(),
  seller_message: z.string().nullable(),
  total_price: z.string(),
  dispute_reason: z.string().nullable(),
  version: z.number().int(),
  /** The customers the trade names, for links to their pages; null when no customer has the name. */
  buyer_customer_id: z.number().int().nullable(),
  seller_customer_id: z.number().int().nullable(),
});
export type EnrichedTrade = z.infer<typeof EnrichedTradeSchema>;

/** The original P2P endpoints (R17) answer the newest rows up to this many: never an unbounded list. */
export const SPEC_LIST_CAP = 1000;

export const getPendingTrades = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/get-pending-trades',
  summary: `Pending trades, newest ${SPEC_LIST_CAP}`,
  tags: ['p2p'],
  access: 'read',
  response: z.object({ success: z.boolean(), users: z.array(PendingTradeSchema) }),
});

export const allP2p = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/all-p2p',
  summary: `Market offers, newest ${SPEC_LIST_CAP}`,
  tags: ['p2p'],
  access: 'read',
  response: z.object({ success: z.boolean(), users: z.array(MarketOfferSchema) }),
});

const p2pFilters = {
  seller: optionalFilter(z.string().trim().max(100)),
  contract: optionalFilter(z.string().trim().max(100)),
};

export const TradeFiltersSchema = z.object({
  ...p2pFilters,
  status: z.enum(TRADE_STATUSES).default('pending'),
  minAmount: optionalFilter(amountText()),
  maxAmount: optionalFilter(amountText()),
  /** The trades of one market offer, by its whole guid (the command palette finds a trade with it). */
  guid: optionalFilter(z.uuid()),
});
export type TradeFilters = z.input<typeof TradeFiltersSchema>;

export const TradeListQuerySchema = listQuerySchema(TRADE_SORT_KEYS, 'created_at').extend(
  TradeFiltersSchema.shape,
);
export type TradeListQuery = z.input<typeof TradeListQuerySchema>;

export const listTrades = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/p2p/trades',
  summary: 'A filtered, sorted page of enriched trades; its total comes apart from trades/count',
  tags: ['p2p'],
  access: 'read',
  query: TradeListQuerySchema,
  response: uncountedPageSchema(EnrichedTradeSchema),
});

/**
 * How many trades match the filters, asked apart from the page: counting a status's trades (up to
 * 100,000 index entries) costs more than the page itself, and paging or sorting needs no recount.
 */
export const countTrades = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/p2p/trades/count',
  summary: 'How many trades match the filters: exact up to 100,000, else an estimate',
  tags: ['p2p'],
  access: 'read',
  query: TradeFiltersSchema,
  response: CountSchema,
});

export const OfferListQuerySchema = listQuerySchema(OFFER_SORT_KEYS, 'created_at').extend({
  ...p2pFilters,
  status: optionalFilter(z.enum(OFFER_STATUSES)),
});
export type OfferListQuery = z.input<typeof OfferListQuerySchema>;

export const listOffers = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/p2p/offers',
  summary: 'A filtered, sorted page of market offers',
  tags: ['p2p'],
  access: 'read',
  query: OfferListQuerySchema,
  response: pageSchema(MarketOfferSchema),
});

const offerAction = z.object({ trade_market_guid: z.uuid(), version: VersionSchema });

export const suspendOffer = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/p2p/offers/suspend',
  summary: 'Suspends an active offer',
  tags: ['p2p'],
  access: 'p2p',
  errors: ['OFFER_NOT_FOUND', 'STALE_EDIT', 'INVALID_TRANSITION'],
  idempotent: true,
  body: offerAction,
  response: ActionResultSchema,
});

export const resumeOffer = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/p2p/offers/resume',
  summary: 'Resumes a suspended offer',
  tags: ['p2p'],
  access: 'p2p',
  errors: ['OFFER_NOT_FOUND', 'STALE_EDIT', 'INVALID_TRANSITION'],
  idempotent: true,
  body: offerAction,
  response: ActionResultSchema,
});

export const cancelTrade = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/p2p/trades/cancel',
  summary: 'Cancels a pending trade',
  tags: ['p2p'],
  access: 'p2p',
  errors: ['TRADE_NOT_FOUND', 'STALE_EDIT', 'INVALID_TRANSITION'],
  idempotent: true,
  body: z.object({ id: z.number().int().positive(), version: VersionSchema, reason: ReasonSchema }),
  response: ActionResultSchema,
});

export const settleDispute = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/p2p/trades/settle',
  summary: 'Settles a disputed trade: release to the buyer or refund the seller',
  tags: ['p2p'],
  access: 'p2p',
  errors: ['TRADE_NOT_FOUND', 'STALE_EDIT', 'INVALID_TRANSITION'],
  idempotent: true,
  body: z.object({
    id: z.number().int().positive(),
    version: VersionSchema,
    outcome: z.enum(DISPUTE_OUTCOMES),
    reason: ReasonSchema,
  }),
  response: ActionResultSchema,
});
