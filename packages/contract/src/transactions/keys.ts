// Free of zod and decimal.js, so route definitions and pages can read the transactions enums cheaply.
// Each enum exists here once; the schemas, the rules and the web app import it from here.

export { ASSETS, type Asset } from '../rules/assets.ts';

/** Wallet transaction types and statuses. */
export const WALLET_TX_TYPES = ['deposit', 'withdrawal', 'transfer', 'fee'] as const;
export type WalletTxType = (typeof WALLET_TX_TYPES)[number];
export const WALLET_TX_STATUSES = ['pending', 'under_review', 'completed', 'rejected', 'failed'] as const;
export type WalletTxStatus = (typeof WALLET_TX_STATUSES)[number];
export const WALLET_TX_SORT_KEYS = ['created_at', 'amount'] as const;

/** P2P market offers and trades. */
export const OFFER_STATUSES = ['active', 'suspended'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_SORT_KEYS = ['created_at', 'unit_price', 'rank_seller'] as const;
export const TRADE_STATUSES = ['pending', 'disputed', 'cancelled', 'completed'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export const TRADE_SORT_KEYS = ['created_at', 'trade_amount'] as const;
/** A disputed trade is released to the buyer (completed) or refunded to the seller (cancelled). */
export const DISPUTE_OUTCOMES = ['release', 'refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** The operations a transaction limit can bound. */
export const LIMIT_TYPES = ['deposit', 'withdrawal', 'transfer', 'p2p'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
export const LIMIT_AMOUNT_FIELDS = ['min_amount', 'max_amount', 'daily_cap', 'monthly_cap'] as const;
export type LimitAmountField = (typeof LIMIT_AMOUNT_FIELDS)[number];

/** The fee schedule's operations and rule kinds. */
export const COMMISSION_OPERATIONS = ['deposit', 'withdrawal', 'trade', 'p2p'] as const;
export type CommissionOperation = (typeof COMMISSION_OPERATIONS)[number];
export const COMMISSION_KINDS = ['percent', 'flat'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
