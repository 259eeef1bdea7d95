import { z } from 'zod';
import { amountIssue, amountIssueMessage } from '../rules/amounts.ts';

/** A non-negative amount filter or input, checked for the asset it is in (null: any asset). */
export const amountText = (asset: string | null = null) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const issue = amountIssue(value, asset);
      if (!issue) return;
      const decimals = issue.code === 'too_many_decimals' ? { decimals: issue.decimals } : {};
      ctx.addIssue({
        code: 'custom',
        message: amountIssueMessage(issue),
        params: { rule: issue.code, ...decimals },
      });
    })
    .meta({
      format: 'decimal',
      description: 'A non-negative amount as decimal text (never a JSON number)',
      example: '1250.50',
    });

/** An optional query filter: an empty text is no filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** A state change with the version the member saw; a retried one (same Idempotency-Key) answers once. */
export const ActionResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  version: z.number().int(),
});
export type ActionResult = z.infer<typeof ActionResultSchema>;

export const ReasonSchema = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);
