import type { ListSearch } from '../../components/data-list/index.ts';

// List state kept in the URL. Route files import this module for validateSearch, which stays in the
// entry chunk: keep it free of components and of the contract.

export const TRADE_FILTERS = ['seller', 'contract', 'status', 'minAmount', 'maxAmount'] as const;
export const TRADE_SORTS = ['created_at', 'trade_amount'] as const;
export type TradeSearch = ListSearch<(typeof TRADE_SORTS)[number], (typeof TRADE_FILTERS)[number]>;

export const OFFER_FILTERS = ['seller', 'contract', 'status'] as const;
export const OFFER_SORTS = ['created_at', 'unit_price', 'rank_seller'] as const;
export type OfferSearch = ListSearch<(typeof OFFER_SORTS)[number], (typeof OFFER_FILTERS)[number]>;

export const WALLET_FILTERS = [
  'type',
  'asset',
  'network',
  'status',
  'customer',
  'minAmount',
  'maxAmount',
  'from',
  'to',
  'hash',
] as const;
export const WALLET_SORTS = ['created_at', 'amount'] as const;
/** `id` opens the detail drawer, so a link to one transaction works. */
export type WalletSearch = ListSearch<(typeof WALLET_SORTS)[number], (typeof WALLET_FILTERS)[number] | 'id'>;
