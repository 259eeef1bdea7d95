import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ReasonSchema } from './transactions/shared.ts';

/**
 * Proportionate bulk actions: above a deployment-wide threshold (an app setting), a bulk action
 * asks for the count typed back and a reason, and becomes a four-eyes request over the frozen ids
 * the member saw; a second member who may approve applies exactly those ids.
 */
export const BULK_APPROVAL_THRESHOLD = { min: 1, max: 100_000, default: 100 } as const;

export const BulkSettingsSchema = z.object({ threshold: z.number().int(), version: z.number().int() });
export type BulkSettings = z.infer<typeof BulkSettingsSchema>;

export const getBulkSettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings/bulk',
  summary: 'How many records a bulk action changes before it needs a second member',
  tags: ['approvals'],
  access: 'read',
  response: BulkSettingsSchema,
});

export const UpdateBulkSettingsBodySchema = z.object({
  threshold: z.number().int().min(BULK_APPROVAL_THRESHOLD.min).max(BULK_APPROVAL_THRESHOLD.max),
  /** 0 while the threshold was never set. */
  version: z.number().int().min(0).max(2_147_483_647),
});

export const updateBulkSettings = defineEndpoint({
  method: 'POST',
  path: '/api/settings/bulk',
  summary: 'Change the bulk approval threshold (with the version loaded)',
  tags: ['approvals'],
  access: 'configure',
  errors: ['STALE_EDIT'],
  body: UpdateBulkSettingsBodySchema,
  response: z.object({ success: z.literal(true), settings: BulkSettingsSchema }),
});

/** What every bulk body adds: above the threshold, the count typed back and the reason. */
export const BulkConfirmationShape = {
  /** Above the threshold: the count the member typed; it must equal the count confirmed. */
  typed_count: z.number().int().min(0).max(1_000_000).optional(),
  /** Above the threshold: why, for the approver. */
  reason: ReasonSchema.optional(),
};

/** What every bulk action answers: applied now, or waiting as four-eyes request `approval_id`. */
export const BulkResultShape = {
  count: z.number().int(),
  applied: z.boolean(),
  /** Whether applying this count needs a second member (above the threshold). */
  needs_approval: z.boolean(),
  approval_id: z.number().int().nullable(),
};

/** The refusals a bulk action above the threshold adds. */
export const BULK_REFUSALS = ['BULK_COUNT_MISMATCH', 'BULK_REASON_REQUIRED'] as const;
