import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountIssueMessage } from '../rules/amounts.ts';
import { LIMIT_TYPES, type LimitIssue, limitIssues } from '../rules/limit-issues.ts';

export {
  LIMIT_AMOUNT_FIELDS,
  LIMIT_TYPES,
  type LimitIssue,
  type LimitType,
  limitIssues,
} from '../rules/limit-issues.ts';

/** Spec §8 texts of the limits screen, to the letter. */
export const LIMIT_MESSAGES = {
  createFailed: 'Failed to create limit',
  deleteFailed: 'Failed to delete limit',
  unknownError: 'Unknown error occurred',
  created: 'Limit created successfully',
  deleted: 'Limit deleted successfully',
} as const;

/** Spec §3 transaction limit plus the amounts it bounds (decimal strings; null = unbounded). */
export const TransactionLimitSchema = z.object({
  lid: z.number().int(),
  limit_type: z.string(),
  contract_name: z.string().nullable(),
  wallet_address: z.string().nullable(),
  wallet_name: z.string().nullable(),
  min_amount: z.string().nullable(),
  max_amount: z.string().nullable(),
  daily_cap: z.string().nullable(),
  monthly_cap: z.string().nullable(),
  created_at: z.string(),
});
export type TransactionLimit = z.infer<typeof TransactionLimitSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const limitIssueMessage = (issue: LimitIssue): string => {
  switch (issue.code) {
    case 'unknown_limit_type':
      return `Unknown limit_type; use one of ${LIMIT_TYPES.join(', ')}`;
    case 'min_above_max':
      return 'The minimum is above the maximum';
    case 'too_many_decimals':
      return amountIssueMessage({ code: issue.code, decimals: issue.decimals ?? 18 });
    default:
      return amountIssueMessage({ code: issue.code });
  }
};

const amountField = z
  .string()
  .max(60)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

export const LimitInputSchema = z
  .object({
    limit_type: z.string({ error: 'limit_type is required' }).trim().min(1, 'limit_type is required'),
    contract_name: optionalText(100),
    wallet_address: optionalText(200),
    wallet_name: optionalText(100),
    min_amount: amountField,
    max_amount: amountField,
    daily_cap: amountField,
    monthly_cap: amountField,
  })
  .superRefine((limit, ctx) => {
    for (const issue of limitIssues(limit))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: limitIssueMessage(issue) });
  });
export type LimitInput = z.input<typeof LimitInputSchema>;

export const SuccessMessageSchema = z.object({ success: z.boolean(), message: z.string() });

export const listTransactionLimits = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/transaction-limits',
  summary: 'Every transaction limit (spec §7)',
  tags: ['transactions'],
  response: z.object({ success: z.boolean(), limits: z.array(TransactionLimitSchema) }),
});

export const createTransactionLimit = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/transaction-limit-create',
  summary: 'Creates a limit (spec §7); idempotent with an Idempotency-Key',
  tags: ['transactions'],
  body: LimitInputSchema,
  response: SuccessMessageSchema,
});

export const deleteTransactionLimit = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/transaction-limit-delete',
  summary: 'Deletes a limit by lid (spec §7)',
  tags: ['transactions'],
  body: z.object({
    lid: z.coerce
      .number({ error: 'lid is required' })
      .int('lid must be a whole number')
      .positive('lid is required'),
  }),
  response: SuccessMessageSchema,
});
