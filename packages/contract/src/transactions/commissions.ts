import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { SerialIdSchema, VersionSchema } from '../list.ts';
import { amountIssueMessage } from '../rules/amounts.ts';
import { ASSETS } from '../rules/assets.ts';
import { type CommissionIssue, commissionIssues } from '../rules/commission-issues.ts';
import { COMMISSION_KINDS, COMMISSION_OPERATIONS } from './keys.ts';
import { ActionResultSchema, amountText } from './shared.ts';

export { type CommissionIssue, commissionIssues } from '../rules/commission-issues.ts';

export const CommissionRuleSchema = z.object({
  id: z.number().int(),
  operation: z.enum(COMMISSION_OPERATIONS),
  asset: z.string().nullable(),
  customer_type: z.string().nullable(),
  kind: z.enum(COMMISSION_KINDS),
  value: z.string(),
  min_fee: z.string().nullable(),
  max_fee: z.string().nullable(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type CommissionRule = z.infer<typeof CommissionRuleSchema>;

const issueMessage = (issue: CommissionIssue): string => {
  if (issue.code === 'min_above_max') return 'The minimum fee is above the maximum fee';
  if (issue.code === 'percent_above_100') return 'A percentage cannot exceed 100';
  if (issue.code === 'unknown_asset') return `Unknown asset; use one of ${ASSETS.join(', ')}`;
  if (issue.code === 'too_many_decimals')
    return amountIssueMessage({ code: issue.code, decimals: issue.decimals ?? 18 });
  return amountIssueMessage({ code: issue.code });
};

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const nullableAmount = z
  .string()
  .max(60)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

const ruleFields = z.object({
  operation: z.enum(COMMISSION_OPERATIONS),
  asset: nullableText(20),
  customer_type: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : null)),
  kind: z.enum(COMMISSION_KINDS),
  value: z.string().trim().max(60),
  min_fee: nullableAmount,
  max_fee: nullableAmount,
});

const withIssues = <T extends z.ZodType<z.output<typeof ruleFields>>>(schema: T) =>
  schema.superRefine((rule, ctx) => {
    for (const issue of commissionIssues(rule))
      ctx.addIssue({
        code: 'custom',
        path: [issue.path],
        message: issueMessage(issue),
        // The rule's name and bound, so a client can word it in its own language.
        params: { rule: issue.code, ...(issue.decimals === undefined ? {} : { decimals: issue.decimals }) },
      });
  });

export const CommissionInputSchema = withIssues(ruleFields);
export type CommissionInput = z.input<typeof CommissionInputSchema>;
export const CommissionUpdateSchema = withIssues(
  ruleFields.extend({ id: SerialIdSchema, version: VersionSchema }),
);
export type CommissionUpdate = z.input<typeof CommissionUpdateSchema>;

/**
 * A customer type as the fee schedule sees it: its name (rules name types by code) and the discount it
 * takes off general rules (percent).
 */
export const CommissionCustomerTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  commission_discount: z.string(),
});
export type CommissionCustomerType = z.infer<typeof CommissionCustomerTypeSchema>;

export const listCommissionRules = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/commissions',
  summary: 'The fee schedule (a few dozen rules at most)',
  tags: ['commissions'],
  access: 'read',
  response: z.object({
    items: z.array(CommissionRuleSchema),
    customer_types: z.array(CommissionCustomerTypeSchema),
  }),
});

export const createCommissionRule = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/commissions/create',
  summary: 'Adds a fee rule; idempotent with an Idempotency-Key',
  tags: ['commissions'],
  access: 'configure',
  idempotent: true,
  body: CommissionInputSchema,
  response: ActionResultSchema.extend({ id: z.number().int() }),
});

export const updateCommissionRule = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/commissions/update',
  summary: 'Edits a fee rule; a stale version is refused',
  tags: ['commissions'],
  access: 'configure',
  errors: ['COMMISSION_RULE_NOT_FOUND', 'STALE_EDIT'],
  idempotent: true,
  body: CommissionUpdateSchema,
  response: ActionResultSchema,
});

export const deleteCommissionRule = defineEndpoint({
  method: 'POST',
  path: '/api/transactions/commissions/delete',
  summary: 'Deletes a fee rule; a stale version is refused',
  tags: ['commissions'],
  access: 'configure',
  errors: ['COMMISSION_RULE_NOT_FOUND', 'STALE_EDIT'],
  idempotent: true,
  body: z.object({ id: SerialIdSchema, version: VersionSchema }),
  response: ActionResultSchema,
});

export const previewCommission = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/commissions/preview',
  summary: 'The fee the schedule charges for an amount (the shared fee calculation)',
  tags: ['commissions'],
  access: 'read',
  query: z.object({
    operation: z.enum(COMMISSION_OPERATIONS),
    asset: z.string().trim().toUpperCase().min(1).max(20),
    customer_type: z.string().trim().max(50).optional(),
    amount: amountText(),
  }),
  response: z.object({
    rule_id: z.number().int().nullable(),
    fee: z.string(),
    /** The customer type's discount (percent) when it was taken off, else null. */
    discount: z.string().nullable(),
  }),
});
