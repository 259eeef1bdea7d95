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

/** Real-time checks the exchange asks (decision 0025): what is checked and what it is told. */
export const CHECK_KINDS = ['withdrawal', 'p2p'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
export const CHECK_DECISIONS = ['allow', 'review', 'block'] as const;
export type CheckDecision = (typeof CHECK_DECISIONS)[number];
/** What a reason does to the decision: the strongest reason decides. */
export const CHECK_EFFECTS = ['review', 'block'] as const;
export type CheckEffect = (typeof CHECK_EFFECTS)[number];
/**
 * Why a check did not allow: the restriction and limit refusals an approval gives (R15) under their
 * own codes, the blocklist, screening, the fraud rules a single event trips, and the P2P offer.
 */
export const CHECK_REASON_CODES = [
  'CUSTOMER_RESTRICTED',
  'COUNTERPARTY_RESTRICTED',
  'BELOW_LIMIT_MINIMUM',
  'ABOVE_LIMIT_MAXIMUM',
  'DAILY_CAP_EXCEEDED',
  'MONTHLY_CAP_EXCEEDED',
  'BLOCKLISTED',
  'SCREENING_CONFIRMED',
  'SCREENING_OPEN',
  'FRAUD_RULE',
  'OFFER_SUSPENDED',
  'TRAVEL_RULE_MISSING',
  'TRAVEL_RULE_VASP_REJECTED',
  'TRAVEL_RULE_REJECTED',
  'TRAVEL_RULE_AWAITING_COUNTERPARTY',
] as const;
export type CheckReasonCode = (typeof CHECK_REASON_CODES)[number];
export const CHECK_SORT_KEYS = ['evaluated_at'] as const;
