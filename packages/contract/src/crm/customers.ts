import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LIST_EXPORT_FILE } from '../file-types.ts';
import { ExportFormatSchema, ListTotalSchema, listQuerySchema, pageFields, VersionSchema } from '../list.ts';
import { DEFAULT_CUSTOMER_TYPE, KYC_TYPE_LABELS } from '../rules/customer.ts';
import {
  clearablePhone,
  NameSchema,
  optionalFilter,
  PhoneSchema,
  phoneFilter,
  RequiredEmailSchema,
  UserNameSchema,
} from './fields.ts';
import { CUSTOMER_KYC_TYPES, CUSTOMER_SORT_KEYS } from './keys.ts';

/** A customer as the list shows it (rules/customer.ts fills the defaults), with id, active and version. */
export const CustomerSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  alias_name: z.string().nullable(),
  alias_surname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string(),
  status: z.string().nullable(),
  kyc_status: z.string(),
  kyc_type_label: z.enum(KYC_TYPE_LABELS),
  roles: z.array(z.string()),
  customer_type: z.string(),
  token_hash: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** isActiveCustomer (rules/customer.ts): a live token hash, or the status "active". */
  active: z.boolean(),
  version: z.number().int(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];

/**
 * The customer list's four filters; blank means "any". `phone` is no filter of the list's screen
 * (R10): the command palette finds a customer by phone number with it.
 */
export const CustomerFiltersSchema = z.object({
  search: optionalFilter(),
  status: optionalFilter(),
  kyc_status: optionalFilter(),
  role: optionalFilter(),
  phone: phoneFilter(),
});
export type CustomerFilters = z.infer<typeof CustomerFiltersSchema>;

export const CustomersQuerySchema = listQuerySchema(CUSTOMER_SORT_KEYS, 'created_at')
  .extend(CustomerFiltersSchema.shape)
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') });
export type CustomersQuery = z.input<typeof CustomersQuerySchema>;

/**
 * The customer list's page: the upstream `get-users` shape (`success`, `statusCode`, `message`,
 * `users`) with the keyset cursors every list has; the total comes apart from `count-users`. This
 * server only ever sends this object (accepting an upstream bare array is the web client's concern).
 */
export const CustomersPageSchema = z.object({
  success: z.boolean(),
  statusCode: z.number().int(),
  message: z.string(),
  users: z.array(CustomerSchema),
  nextCursor: pageFields.nextCursor,
  prevCursor: pageFields.prevCursor,
});
export type CustomersPage = z.infer<typeof CustomersPageSchema>;

export const getUsers = defineEndpoint({
  method: 'GET',
  path: '/api/customers/get-users',
  summary: 'One page of customers, filtered and sorted on the server',
  tags: ['crm'],
  access: 'read',
  query: CustomersQuerySchema,
  response: CustomersPageSchema,
});

/**
 * How many customers match the filters, asked apart from the page: the page's rows need not wait
 * for the count (with a search, a trigram scan of every candidate), and a list shows them first.
 */
export const countUsers = defineEndpoint({
  method: 'GET',
  path: '/api/customers/count-users',
  summary:
    'How many customers match the filters: exact for status, KYC status and role; with a search or phone, exact up to 100,000, then an estimate',
  tags: ['crm'],
  access: 'read',
  query: CustomerFiltersSchema,
  response: z.object({ total: ListTotalSchema }),
});

export const CustomerFacetsSchema = z.object({
  statuses: z.array(z.string()),
  kycStatuses: z.array(z.string()),
  roles: z.array(z.string()),
});
export type CustomerFacets = z.infer<typeof CustomerFacetsSchema>;

export const getCustomerFacets = defineEndpoint({
  method: 'GET',
  path: '/api/customers/facets',
  summary: 'Distinct statuses, KYC statuses and roles across all customers (filter choices)',
  tags: ['crm'],
  access: 'read',
  response: CustomerFacetsSchema,
});

export const exportCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/customers/export',
  summary: 'Every customer matching the filters, as CSV or XLSX (streamed)',
  tags: ['crm'],
  access: 'exportPersonal',
  file: LIST_EXPORT_FILE,
  query: CustomersQuerySchema.omit({ cursor: true, limit: true }).extend({ format: ExportFormatSchema }),
  response: z.unknown(),
});

/**
 * user_name names the customer; the other fields change only when given (docs/product-rules.md R11).
 * Name, surname and email are required: sent blank they are refused, never silently kept. The phone
 * is optional: sent blank it is cleared.
 */
export const UpdateCustomerBodySchema = z.object({
  user_name: z.string().trim().min(1).max(100),
  alias_name: NameSchema.optional(),
  alias_surname: NameSchema.optional(),
  alias_email: RequiredEmailSchema.optional(),
  alias_mobile: clearablePhone,
  /** The version the editor loaded; a stale one is refused. Optional for upstream clients. */
  version: VersionSchema.optional(),
});
export type UpdateCustomerBody = z.output<typeof UpdateCustomerBodySchema>;

export const updateCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/customers/update',
  summary: "Change a customer's name, surname, email or phone",
  tags: ['crm'],
  access: 'operate',
  errors: ['CUSTOMER_NOT_FOUND', 'STALE_EDIT', 'DUPLICATE_EMAIL'],
  body: UpdateCustomerBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), version: z.number().int() }),
});

export const CreateCustomerBodySchema = z.object({
  user_name: UserNameSchema,
  alias_name: NameSchema,
  alias_surname: NameSchema,
  alias_email: z.string().trim().pipe(z.email('Enter a valid email address').max(254)),
  alias_mobile: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    PhoneSchema.optional(),
  ),
  kyc_type: z.enum(CUSTOMER_KYC_TYPES),
  customer_type: z.string().trim().min(1).max(40).default(DEFAULT_CUSTOMER_TYPE),
});
export type CreateCustomerBody = z.output<typeof CreateCustomerBodySchema>;

export const createCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/customers/create',
  summary: 'Add a customer; send an Idempotency-Key so a retry creates it once',
  tags: ['crm'],
  access: 'operate',
  errors: ['UNKNOWN_CUSTOMER_TYPE', 'DUPLICATE_USER_NAME', 'DUPLICATE_EMAIL'],
  idempotent: true,
  body: CreateCustomerBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), customer: CustomerSchema }),
});
