import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const TransactionsOverviewSchema = z.object({
  /** Last 24 h, per type, status and asset: count and exact summed amount. */
  last24h: z.array(
    z.object({
      type: z.string(),
      status: z.string(),
      asset: z.string(),
      count: z.number().int(),
      volume: z.string(),
    }),
  ),
  withdrawalsAwaitingReview: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }),
  generatedAt: z.string(),
});
export type TransactionsOverview = z.infer<typeof TransactionsOverviewSchema>;

export const getTransactionsOverview = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/overview',
  summary: 'Counts and 24 h volumes per type and status; withdrawals waiting for review',
  tags: ['transactions'],
  access: 'read',
  response: TransactionsOverviewSchema,
});
