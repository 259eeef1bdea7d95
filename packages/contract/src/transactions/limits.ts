import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MAX_SERIAL_ID, VersionSchema } from '../list.ts';
import { amountIssueMessage } from '../rules/amounts.ts';
import { type LimitIssue, limitIssues } from '../rules/limit-issues.ts';
import { LIMIT_TYPES } from './keys.ts';

export { type LimitIssue, limitIssues } from '../rules/limit-issues.ts';

/** The limits endpoints' fixed answer texts (the web app shows its own locale text). */
export const LIMIT_MESSAGES = {
  createFailed: 'Failed to create limit',
  deleteFailed: 'Failed to delete limit',
  unknownError: 'Unknown error occurred',
  created: 'Limit created successfully',
  updated: 'Limit updated successfully',
  deleted: 'Limit deleted successfully',
} as const;

/** A transaction limit (docs/product-rules.md R14) and the amounts it bounds (decimal strings; null = unbounded). */
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
  /** Refuses a stale edit (STALE_EDIT); an edit keeps the lid, so R14's tie rule is unchanged. */
  version: z.number().int(),
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
    case 'daily_above_monthly':
      return 'The daily cap is above the monthly cap';
    case 'bounds_nothing':
      return 'A limit must bound something: give a minimum, a maximum, a daily or a monthly cap';
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
    // Checked with the other rules (unknown_limit_type): the document names the types.
    limit_type: z
      .string({ error: 'limit_type is required' })
      .trim()
      .min(1, 'limit_type is required')
      .meta({ enum: [...LIMIT_TYPES] }),
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
      ctx.addIssue({
        code: 'custom',
        path: [issue.path],
        message: limitIssueMessage(issue),
        // The rule's name and bound, so a client can word it in its own language.
        params: { rule: issue.code, ...('decimals' in issue ? { decimals: issue.decimals } : {}) },
      });
  });
export type LimitInput = z.input<typeof LimitInputSchema>;

const LidSchema = z
  .number({ error: 'lid is required' })
  .int('lid must be a whole number')
  .positive('lid is required')
  .max(MAX_SERIAL_ID);

/** An edit names the limit and the version it was read at, beside the same fields as a create. */
export const LimitUpdateSchema = z.object({ lid: LidSchema, version: VersionSchema }).and(LimitInputSchema);
export type LimitUpdate = z.input<typeof LimitUpdateSchema>;

export const SuccessMessageSchema = z.object({ success: z.boolean(), message: z.string() });

export const listTransactionLimits = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/transaction-limits',
  summary: 'Every transaction limit',
  tags: ['transactions'],
  access: 'read',
  response: z.object({ success: z.boolean(), limits: z.array(TransactionLimitSchema) }),
});

export const createTransactionLimit = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/transaction-limit-create',
  summary: 'Creates a limit; idempotent with an Idempotency-Key',
  tags: ['transactions'],
  access: 'configure',
  idempotent: true,
  body: LimitInputSchema,
  response: SuccessMessageSchema,
});

export const updateTransactionLimit = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/transaction-limit-update',
  summary: 'Edits a limit in place, keeping its lid; refused when it changed since it was read',
  tags: ['transactions'],
  access: 'configure',
  errors: ['LIMIT_NOT_FOUND', 'STALE_EDIT'],
  body: LimitUpdateSchema,
  response: SuccessMessageSchema,
});

export const deleteTransactionLimit = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/transaction-limit-delete',
  summary: 'Deletes a limit by lid',
  tags: ['transactions'],
  access: 'configure',
  errors: ['LIMIT_NOT_FOUND'],
  idempotent: true,
  body: z.object({ lid: LidSchema }),
  response: SuccessMessageSchema,
});
