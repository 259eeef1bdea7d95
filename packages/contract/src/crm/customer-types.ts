import { z } from 'zod';
import { BULK_REFUSALS, BulkConfirmationShape, BulkResultShape } from '../bulk.ts';
import { defineEndpoint } from '../endpoint.ts';
import { VersionSchema } from '../list.ts';
import { CustomerFiltersSchema } from './customers.ts';

export const CustomerTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  required_kyc_level: z.number().int(),
  /** Percent, exact decimal string ("12.50"). */
  commission_discount: z.string(),
  rank: z.number().int(),
  version: z.number().int(),
  customers: z.number().int(),
});
export type CustomerType = z.infer<typeof CustomerTypeSchema>;

export const listCustomerTypes = defineEndpoint({
  method: 'GET',
  path: '/api/customer-types',
  summary: 'Customer tiers with the number of customers in each',
  tags: ['crm'],
  access: 'read',
  response: z.object({ items: z.array(CustomerTypeSchema) }),
});

export const UpdateCustomerTypeBodySchema = z.object({
  code: z.string().min(1).max(40),
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(500),
  required_kyc_level: z.number().int().min(0).max(3),
  commission_discount: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a percentage such as 12.5')
    .refine((v) => Number(v) <= 100, 'At most 100'),
  version: VersionSchema,
});
export type UpdateCustomerTypeBody = z.input<typeof UpdateCustomerTypeBodySchema>;

export const updateCustomerType = defineEndpoint({
  method: 'POST',
  path: '/api/customer-types/update',
  summary: "Edit a tier's name, description, required KYC level and commission discount",
  tags: ['crm'],
  access: 'configure',
  errors: ['CUSTOMER_TYPE_NOT_FOUND', 'STALE_EDIT'],
  body: UpdateCustomerTypeBodySchema,
  response: z.object({ success: z.literal(true), item: CustomerTypeSchema }),
});

/** At most this many ids in one move by id; a larger set is moved by its filters. */
export const MAX_MOVE_IDS = 1000;
/**
 * The most customers one move of many takes: above the bulk threshold the set is frozen as ids for the
 * second member, and a wider filter is narrowed first.
 */
export const MAX_MOVE_MATCHING = 100_000;

/**
 * One customer (customerId), several by id (customerIds: all must exist, else nothing moves), or
 * every customer matching the list filters (filters). A move of many is a bulk action:
 * `dry_run` counts who would move; applying above the threshold needs the count typed back and a
 * reason, and becomes a four-eyes request over the customers counted.
 */
export const MoveCustomersBodySchema = z
  .object({
    to: z.string().min(1).max(40),
    customerId: z.number().int().positive().optional(),
    customerIds: z.array(z.number().int().positive()).min(1).max(MAX_MOVE_IDS).optional(),
    filters: CustomerFiltersSchema.optional(),
    /** true: only count the customers who would move. */
    dry_run: z.boolean().optional(),
    /** On apply: the count the member confirmed; a different count now is refused. */
    expected: z.number().int().min(0).max(MAX_MOVE_MATCHING).optional(),
    ...BulkConfirmationShape,
  })
  .refine((b) => [b.customerId, b.customerIds, b.filters].filter((v) => v !== undefined).length === 1, {
    message: 'Give one of customerId, customerIds or filters',
  });
export type MoveCustomersBody = z.input<typeof MoveCustomersBodySchema>;

export const moveCustomers = defineEndpoint({
  method: 'POST',
  path: '/api/customer-types/move',
  summary:
    'Move one customer, or every customer matching the filters, to a tier (count first; above the threshold, four-eyes)',
  tags: ['crm'],
  access: 'configure',
  errors: [
    'CUSTOMER_TYPE_NOT_FOUND',
    'CUSTOMER_NOT_FOUND',
    'CUSTOMERS_NOT_FOUND',
    'CUSTOMERS_MOVE_TOO_MANY',
    'CUSTOMERS_MOVE_CHANGED',
    ...BULK_REFUSALS,
  ],
  body: MoveCustomersBodySchema,
  /** `moved`: customers moved now (0 while a request waits for its second member). */
  response: z.object({ success: z.literal(true), moved: z.number().int(), ...BulkResultShape }),
});
