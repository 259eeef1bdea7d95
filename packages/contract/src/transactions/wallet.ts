import { z } from 'zod';
import { ApprovalRequestSchema } from '../approvals.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ExportFormatSchema, listQuerySchema, pageSchema, VersionSchema } from '../list.ts';
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
  from: optionalFilter(z.iso.date()),
  to: optionalFilter(z.iso.date()),
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
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: WalletTransactionDetailSchema,
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
  idempotent: true,
  body: z.object({ id: z.number().int().positive(), version: VersionSchema, reason: ReasonSchema }),
  response: ReviewResultSchema,
});
