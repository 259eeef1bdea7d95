import { z } from 'zod';
import { ApprovalRequestSchema } from '../approvals.ts';
import { CalendarDateSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ApiErrorSchema } from '../errors.ts';
import { LIST_EXPORT_FILE } from '../file-types.ts';
import { ExportFormatSchema, listQuerySchema, pageSchema, QueryIdSchema, VersionSchema } from '../list.ts';
import { WALLET_TX_SORT_KEYS, WALLET_TX_STATUSES, WALLET_TX_TYPES } from './keys.ts';
import { ActionResultSchema, amountText, optionalFilter, ReasonSchema } from './shared.ts';

export const WalletTransactionSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_user_name: z.string(),
  type: z.enum(WALLET_TX_TYPES),
  asset: z.string(),
  network: z.string(),
  amount: z.string(),
  fee: z.string(),
  from_address: z.string().nullable(),
  to_address: z.string().nullable(),
  tx_hash: z.string().nullable(),
  status: z.enum(WALLET_TX_STATUSES),
  review_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  /**
   * A withdrawal its review released (R15, R22), pending only its payout: it reads approved, not
   * "Pending".
   */
  released: z.boolean(),
  /** A deposit from a VASP held by the travel rule while its information is missing (decision 0026). */
  travel_rule_held: z.boolean(),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

export const WalletTxFiltersSchema = z.object({
  type: optionalFilter(z.enum(WALLET_TX_TYPES)),
  asset: optionalFilter(z.string().trim().toUpperCase().max(20)),
  network: optionalFilter(z.string().trim().toUpperCase().max(30)),
  status: optionalFilter(z.enum(WALLET_TX_STATUSES)),
  /** A customer's user name (exact) or numeric id. */
  customer: optionalFilter(z.string().trim().max(100)),
  minAmount: optionalFilter(amountText()),
  maxAmount: optionalFilter(amountText()),
  from: optionalFilter(CalendarDateSchema),
  to: optionalFilter(CalendarDateSchema),
  hash: optionalFilter(z.string().trim().max(200)),
});

export const WalletTxListQuerySchema = listQuerySchema(WALLET_TX_SORT_KEYS, 'created_at')
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .extend(WalletTxFiltersSchema.shape);
export type WalletTxListQuery = z.input<typeof WalletTxListQuerySchema>;

export const listWalletTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/wallet-transactions',
  summary: 'A filtered, sorted page of wallet transactions',
  tags: ['wallet-transactions'],
  access: 'read',
  query: WalletTxListQuerySchema,
  response: pageSchema(WalletTransactionSchema),
});

export const exportWalletTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/wallet-transactions/export',
  summary: 'Every wallet transaction matching the filters, streamed as CSV or XLSX',
  tags: ['wallet-transactions'],
  access: 'exportPersonal',
  file: LIST_EXPORT_FILE,
  query: WalletTxFiltersSchema.extend({
    sort: z.enum(WALLET_TX_SORT_KEYS).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    format: ExportFormatSchema.default('csv'),
  }),
  response: z.unknown(),
});

/** One member's decision on a withdrawal under four-eyes: the first approval asks, the second decides. */
export const WithdrawalReviewSchema = z.object({
  member: z.object({ id: z.number().int(), user_name: z.string(), display_name: z.string() }),
  decision: z.enum(['approve', 'reject']),
  reason: z.string().nullable(),
  at: z.string(),
});

export const WalletTransactionDetailSchema = WalletTransactionSchema.extend({
  reviews: z.array(WithdrawalReviewSchema),
  /** Approvals a withdrawal needs: 2 above the asset's four-eyes threshold, else 1. */
  approvals_required: z.number().int(),
  four_eyes_threshold: z.string().nullable(),
  /** The open four-eyes request (after a first approval above the threshold), else null. */
  pending_approval: ApprovalRequestSchema.nullable(),
});
export type WalletTransactionDetail = z.infer<typeof WalletTransactionDetailSchema>;

export const getWalletTransaction = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/wallet-transaction',
  summary: 'One wallet transaction with the reviews of its current four-eyes request',
  tags: ['wallet-transactions'],
  access: 'read',
  errors: ['WALLET_TRANSACTION_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema }),
  response: WalletTransactionDetailSchema,
});

/** The checks an approval runs, in the order it runs them (docs/product-rules.md R15). */
export const WITHDRAWAL_CHECKS = ['restriction', 'minimum', 'maximum', 'daily_cap', 'monthly_cap'] as const;

export const WithdrawalCheckSchema = z.object({
  check: z.enum(WITHDRAWAL_CHECKS),
  passed: z.boolean(),
  /** The limit's bound this check holds the withdrawal to; null when the limit sets none (or there is none). */
  bound: z.string().nullable(),
  /** What an approval would be refused with, when the check fails. */
  refusal: ApiErrorSchema.pick({ code: true })
    .extend({ params: ApiErrorSchema.shape.params.unwrap() })
    .nullable(),
});
export type WithdrawalCheck = z.infer<typeof WithdrawalCheckSchema>;

export const WithdrawalChecksSchema = z.object({
  id: z.number().int(),
  /** The limit the selection rule picked (R14), null when none applies. */
  lid: z.number().int().nullable(),
  /** Every check passed: approving now would not be refused by them. */
  allowed: z.boolean(),
  checks: z.array(WithdrawalCheckSchema),
});
export type WithdrawalChecks = z.infer<typeof WithdrawalChecksSchema>;

export const getWithdrawalChecks = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/wallet-transactions/checks',
  summary:
    'The restriction and limit checks an approval of this withdrawal would run, evaluated now, deciding nothing',
  tags: ['wallet-transactions'],
  access: 'read',
  errors: ['WALLET_TRANSACTION_NOT_FOUND', 'INVALID_TRANSITION'],
  query: z.object({ id: QueryIdSchema }),
  response: WithdrawalChecksSchema,
});

export const ReviewResultSchema = ActionResultSchema.extend({
  status: z.enum(WALLET_TX_STATUSES),
  approvals: z.number().int(),
  approvals_required: z.number().int(),
});
export type ReviewResult = z.infer<typeof ReviewResultSchema>;

export const approveWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/wallet-transactions/approve',
  summary:
    "Approves a withdrawal under review; above the four-eyes threshold the first approval asks and a different member's releases it",
  tags: ['wallet-transactions'],
  access: 'approve',
  errors: [
    'WALLET_TRANSACTION_NOT_FOUND',
    'INVALID_TRANSITION',
    'STALE_EDIT',
    'CUSTOMER_RESTRICTED',
    'BELOW_LIMIT_MINIMUM',
    'ABOVE_LIMIT_MAXIMUM',
    'DAILY_CAP_EXCEEDED',
    'MONTHLY_CAP_EXCEEDED',
    'ALREADY_REVIEWED',
    'APPROVAL_EXPIRED',
    'APPROVAL_ALREADY_DECIDED',
    'CONFLICT',
  ],
  idempotent: true,
  body: z.object({
    id: z.number().int().positive(),
    version: VersionSchema,
    reason: ReasonSchema.optional(),
  }),
  response: ReviewResultSchema,
});

export const rejectWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/wallet-transactions/reject',
  summary: 'Rejects a withdrawal under review, with a reason',
  tags: ['wallet-transactions'],
  access: 'approve',
  errors: [
    'WALLET_TRANSACTION_NOT_FOUND',
    'INVALID_TRANSITION',
    'STALE_EDIT',
    'ALREADY_REVIEWED',
    'APPROVAL_EXPIRED',
    'APPROVAL_ALREADY_DECIDED',
  ],
  idempotent: true,
  body: z.object({ id: z.number().int().positive(), version: VersionSchema, reason: ReasonSchema }),
  response: ReviewResultSchema,
});
