import { z } from 'zod';
import { ERROR_CODES } from './error-catalogue.ts';

export * from './error-catalogue.ts';

/** One field-level problem: the web form shows it under the field named by `path`. */
export const ErrorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  /** A zod issue code (`too_small`, `invalid_format`, …) or a catalogue code; the web app translates it. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * The one shape of every API error. It carries both the original `status: 'error'` (login, R2) and
 * `success: false` (list endpoints) so every client rule (R4, R9, R25) reads it the same way. The web
 * app shows the locale text for `code` (with `params`); `message` is the English text for other clients.
 */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  status: z.literal('error'),
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  issues: z.array(ErrorIssueSchema).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;
