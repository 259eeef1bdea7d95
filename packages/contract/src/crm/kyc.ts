import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listQuerySchema, pageSchema, queryInt } from '../list.ts';
import { KYC_TYPE_LABELS } from '../rules/customer.ts';
import { optionalFilter } from './fields.ts';
import { CUSTOMER_KYC_TYPES, KYC_SORT_KEYS } from './keys.ts';

export const CustomerKycRowSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  alias_name: z.string().nullable(),
  alias_surname: z.string().nullable(),
  kyc_status: z.string(),
  kyc_type_label: z.enum(KYC_TYPE_LABELS),
  kyc_level: z.number().int(),
  last_decision: z.string().nullable(),
  last_decision_at: z.string().nullable(),
});
export type CustomerKycRow = z.infer<typeof CustomerKycRowSchema>;

export const CustomerKycQuerySchema = listQuerySchema(KYC_SORT_KEYS, 'created_at').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  search: optionalFilter(),
  kyc_status: optionalFilter(),
  kyc_type: z.enum(CUSTOMER_KYC_TYPES).optional(),
  kyc_level: queryInt(0, 3).optional(),
});
export type CustomerKycQuery = z.input<typeof CustomerKycQuerySchema>;

export const listCustomerKyc = defineEndpoint({
  method: 'GET',
  path: '/api/customers/kyc',
  summary: "Every customer's KYC state, type, level and last decision",
  tags: ['crm'],
  access: 'read',
  query: CustomerKycQuerySchema,
  response: pageSchema(CustomerKycRowSchema),
});
