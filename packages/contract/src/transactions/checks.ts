import { z } from 'zod';
import { CalendarDateSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { listQuerySchema, pageSchema, QueryIdSchema } from '../list.ts';
import { CheckReasonSchema } from '../public/checks.ts';
import { CHECK_DECISIONS, CHECK_KINDS, CHECK_SORT_KEYS } from './keys.ts';
import { optionalFilter } from './shared.ts';

/** A real-time check the exchange asked (decision 0025), as recorded. */
export const RealtimeCheckSchema = z.object({
  id: z.number().int(),
  check_id: z.string(),
  kind: z.enum(CHECK_KINDS),
  integration_id: z.number().int(),
  customer_id: z.number().int(),
  customer_user_name: z.string(),
  /** The exchange's id of the withdrawal or trade. */
  external_ref: z.string(),
  /** What the exchange sent, as it sent it. */
  input: z.record(z.string(), z.unknown()),
  decision: z.enum(CHECK_DECISIONS),
  reasons: z.array(CheckReasonSchema),
  /** The withdrawal a `review` put under review. */
  wallet_transaction_id: z.number().int().nullable(),
  duration_ms: z.string(),
  evaluated_at: z.string(),
});
export type RealtimeCheck = z.infer<typeof RealtimeCheckSchema>;

export const RealtimeChecksQuerySchema = listQuerySchema(CHECK_SORT_KEYS, 'evaluated_at').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  decision: optionalFilter(z.enum(CHECK_DECISIONS)),
  kind: optionalFilter(z.enum(CHECK_KINDS)),
  /** The customer's id (the customer page's checks). */
  customerId: QueryIdSchema.optional(),
  /** The withdrawal a check put under review (its drawer). */
  walletTransactionId: QueryIdSchema.optional(),
  from: optionalFilter(CalendarDateSchema),
  to: optionalFilter(CalendarDateSchema),
});
export type RealtimeChecksQuery = z.input<typeof RealtimeChecksQuerySchema>;

export const listRealtimeChecks = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/checks',
  summary:
    "The exchange's real-time withdrawal and P2P checks, newest first, by decision, kind, period and customer",
  tags: ['transactions'],
  access: 'read',
  query: RealtimeChecksQuerySchema,
  response: pageSchema(RealtimeCheckSchema),
});
