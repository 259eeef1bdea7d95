import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const DashboardKpisSchema = z.object({
  customers: z.object({
    total: z.number().int(),
    newLast30Days: z.number().int(),
    newPrevious30Days: z.number().int(),
    /** Growth of new sign-ups against the previous 30 days, as a decimal string ("12.5"); null when there is nothing to compare with. */
    growthPercent: z.string().nullable(),
  }),
  pendingTrades: z.number().int(),
  activeOffers: z.number().int(),
  transactionLimits: z.number().int(),
  withdrawalsAwaitingReview: z.number().int(),
  /** Customers whose KYC waits for a decision. */
  pendingKyc: z.number().int(),
  /** Fraud alerts open, investigating or escalated (fraud check, R64). */
  openFraudAlerts: z.number().int(),
  /**
   * Completed deposits and withdrawals of the last 24 hours, in the reporting currency (report rates),
   * as exact decimal strings; `unpriced` counts the transactions without a rate for their day.
   */
  volume24h: z.object({
    currency: z.string(),
    deposits: z.string(),
    withdrawals: z.string(),
    unpriced: z.number().int(),
  }),
  generatedAt: z.string(),
});
export type DashboardKpis = z.infer<typeof DashboardKpisSchema>;

export const getDashboardKpis = defineEndpoint({
  method: 'GET',
  path: '/api/dashboard/kpis',
  summary: 'Live KPI figures for the dashboard',
  tags: ['dashboard'],
  access: 'read',
  response: DashboardKpisSchema,
});
