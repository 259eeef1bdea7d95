import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { DecimalStringSchema, QueryIdSchema } from '../list.ts';
import { CustomerSchema } from './customers.ts';
import { RestrictionSchema } from './restrictions.ts';

export const KycDecisionSchema = z.object({
  decision: z.string(),
  level: z.number().int(),
  reason_code: z.string().nullable(),
  comment: z.string().nullable(),
  at: z.string(),
  member: z.string().nullable(),
});

export const KycDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
  reviewed_at: z.string().nullable(),
});

export const BalanceSchema = z.object({
  asset: z.string(),
  available: DecimalStringSchema,
  locked: DecimalStringSchema,
  updated_at: z.string(),
});

export const CustomerWalletTransactionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  asset: z.string(),
  network: z.string(),
  amount: DecimalStringSchema,
  fee: DecimalStringSchema,
  status: z.string(),
  tx_hash: z.string().nullable(),
  created_at: z.string(),
});

export const CustomerTradeSchema = z.object({
  id: z.number().int(),
  trade_market_guid: z.string(),
  trade_amount: DecimalStringSchema,
  status: z.string(),
  /** The offer's contract, which the amount is in; null when the offer is not known. */
  selling_contract_name: z.string().nullable(),
  seller_user_name: z.string().nullable(),
  /** The seller's customer id, for the link to their page; null when no customer has that name. */
  seller_customer_id: z.number().int().nullable(),
  created_at: z.string(),
});

export const CustomerOfferSchema = z.object({
  trade_market_guid: z.string(),
  selling_contract_name: z.string().nullable(),
  unit_price: DecimalStringSchema,
  status: z.string(),
  created_at: z.string(),
});

export const CustomerNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  member: z.string().nullable(),
});
export type CustomerNote = z.infer<typeof CustomerNoteSchema>;

/** An upsert the exchange sent that would have undone a staff edit awaiting its echo (STAFF_EDIT_PENDING). */
export const ExchangeConflictSchema = z.object({
  received_at: z.string(),
  version: z.number().int(),
  /** Per field (a column name): what staff set and what the exchange sent. */
  fields: z.array(
    z.object({ field: z.string(), staff: z.string().nullable(), incoming: z.string().nullable() }),
  ),
});

/** What the exchange feeds of this customer (decision 0025); null fields on a customer it never sent. */
export const CustomerExchangeSchema = z.object({
  external_id: z.string().nullable(),
  external_version: z.number().int().nullable(),
  received_at: z.string().nullable(),
  /** Contact fields staff changed that the exchange has not yet echoed back. */
  pending_fields: z.array(z.string()),
  pending_since: z.string().nullable(),
  conflicts: z.array(ExchangeConflictSchema),
});
export type CustomerExchange = z.infer<typeof CustomerExchangeSchema>;

export const CustomerDetailSchema = z.object({
  customer: CustomerSchema.extend({
    mobile: z.string().nullable(),
    kyc_type: z.string(),
    kyc_level: z.number().int(),
  }),
  kyc: z.object({ lastDecision: KycDecisionSchema.nullable(), documents: z.array(KycDocumentSchema) }),
  balances: z.array(BalanceSchema),
  walletTransactions: z.array(CustomerWalletTransactionSchema),
  trades: z.array(CustomerTradeSchema),
  offers: z.array(CustomerOfferSchema),
  restrictions: z.array(RestrictionSchema),
  notes: z.array(CustomerNoteSchema),
  exchange: CustomerExchangeSchema,
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/api/customers/detail',
  summary: 'One customer with KYC, balances, recent transactions, P2P, restrictions and notes',
  tags: ['crm'],
  access: 'read',
  errors: ['CUSTOMER_NOT_FOUND'],
  query: z.object({ id: QueryIdSchema }),
  response: CustomerDetailSchema,
});

export const addNote = defineEndpoint({
  method: 'POST',
  path: '/api/customers/notes',
  summary: 'Add a staff note to a customer',
  tags: ['crm'],
  access: 'operate',
  errors: ['CUSTOMER_NOT_FOUND'],
  idempotent: true,
  body: z.object({ customerId: z.number().int().positive(), body: z.string().trim().min(1).max(2000) }),
  response: z.object({ success: z.literal(true), note: CustomerNoteSchema }),
});
