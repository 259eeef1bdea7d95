import { z } from 'zod';

/**
 * Error codes the server may answer with. The web client shows the locale text for the code;
 * `message` carries the spec's English text for programmatic clients.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'LOGIN_FAILED',
  'ACCESS_DENIED',
  'CAPTCHA_INVALID',
  'TOO_MANY_ATTEMPTS',
  'AUTHENTICATION_REQUIRED',
  'ACCESS_TOKEN_EXPIRED',
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'FOREIGN_ORIGIN',
  'NOT_FOUND',
  'CONFLICT',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one shape of every API error. It carries both the spec's `status: 'error'` (login) and
 * `success: false` (list endpoints) so every client rule of the spec reads it the same way.
 */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  status: z.literal('error'),
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
