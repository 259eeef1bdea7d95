import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

const CountSchema = z.object({ value: z.string().nullable(), count: z.number().int() });

export const CrmOverviewSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  /** value null: customers without a status. */
  byStatus: z.array(CountSchema),
  /** By KYC status, a missing one counted as DEFAULT_KYC_STATUS (rules/customer.ts). */
  byKycStatus: z.array(CountSchema),
  /** kyc (Individual) or kyb (Business). */
  byKycType: z.array(CountSchema),
});
export type CrmOverview = z.infer<typeof CrmOverviewSchema>;

export const getCrmOverview = defineEndpoint({
  method: 'GET',
  path: '/api/crm/overview',
  summary: 'Customer counts by status, KYC status and type',
  tags: ['crm'],
  access: 'read',
  response: CrmOverviewSchema,
});
