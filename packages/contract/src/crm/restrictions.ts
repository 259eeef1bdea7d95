import { z } from 'zod';
import { InstantSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { listQuerySchema, pageSchema, QueryIdSchema, VersionSchema } from '../list.ts';
import { optionalFilter } from './fields.ts';
import { RESTRICTION_KINDS, RESTRICTION_SORT_KEYS, RESTRICTION_STATES } from './keys.ts';

export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];
/** Derived from the dates and the lift, at the moment of the request. */
export type RestrictionState = (typeof RESTRICTION_STATES)[number];

export const RestrictionSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  user_name: z.string(),
  kind: z.enum(RESTRICTION_KINDS),
  reason: z.string(),
  state: z.enum(RESTRICTION_STATES),
  created_by: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  lifted_at: z.string().nullable(),
  lifted_by: z.string().nullable(),
  lift_reason: z.string().nullable(),
  version: z.number().int(),
});
export type Restriction = z.infer<typeof RestrictionSchema>;

export const RestrictionsQuerySchema = listQuerySchema(RESTRICTION_SORT_KEYS, 'created_at').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  kind: z.enum(RESTRICTION_KINDS).optional(),
  state: z.enum(RESTRICTION_STATES).optional(),
  /** Part of the customer's user name (or the exact id). */
  customer: optionalFilter(),
  customerId: QueryIdSchema.optional(),
});
export type RestrictionsQuery = z.input<typeof RestrictionsQuerySchema>;

export const listRestrictions = defineEndpoint({
  method: 'GET',
  path: '/api/customers/restrictions',
  summary: 'Customer restrictions, filtered by kind, state and customer',
  tags: ['crm'],
  access: 'read',
  query: RestrictionsQuerySchema,
  response: pageSchema(RestrictionSchema),
});

export const AddRestrictionBodySchema = z
  .object({
    customerId: z.number().int().positive(),
    kind: z.enum(RESTRICTION_KINDS),
    reason: z.string().trim().min(3).max(500),
    startsAt: InstantSchema.optional(),
    endsAt: InstantSchema.optional(),
  })
  .refine((b) => !b.endsAt || new Date(b.endsAt) > new Date(b.startsAt ?? Date.now()), {
    path: ['endsAt'],
    message: 'The end must be after the start',
    // The rule's name, so a client can word it in its own language.
    params: { rule: 'end_before_start' },
  });
export type AddRestrictionBody = z.input<typeof AddRestrictionBodySchema>;

export const addRestriction = defineEndpoint({
  method: 'POST',
  path: '/api/customers/restrictions/add',
  summary: 'Restrict a customer; send an Idempotency-Key so a retry adds it once',
  tags: ['crm'],
  access: 'operate',
  errors: ['CUSTOMER_NOT_FOUND', 'RESTRICTION_OVERLAPS'],
  idempotent: true,
  body: AddRestrictionBodySchema,
  response: z.object({ success: z.literal(true), restriction: RestrictionSchema }),
});

export const liftRestriction = defineEndpoint({
  method: 'POST',
  path: '/api/customers/restrictions/lift',
  summary: 'Lift a restriction, with a reason',
  tags: ['crm'],
  access: 'operate',
  errors: ['RESTRICTION_NOT_FOUND', 'STALE_EDIT', 'RESTRICTION_ALREADY_LIFTED'],
  body: z.object({
    id: z.number().int().positive(),
    reason: z.string().trim().min(3).max(500),
    version: VersionSchema,
  }),
  response: z.object({ success: z.literal(true), restriction: RestrictionSchema }),
});
