import { type DashboardKpis, REPORTING_CURRENCY } from '@backdesk/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { figure } from '../reports/index.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

/** The dashboard's figures, read in one statement and worded as the contract answers them. */
export function createDashboardService(deps: { db: Db; repo: DashboardRepository; clock: Clock }) {
  return {
    async kpis(): Promise<DashboardKpis> {
      const now = deps.clock.now();
      const row = await deps.repo.kpis(deps.db, now);
      return {
        customers: {
          total: Number(row.customers_total),
          newLast30Days: Number(row.customers_last30),
          newPrevious30Days: Number(row.customers_previous30),
          growthPercent: row.growth_percent,
        },
        pendingTrades: Number(row.pending_trades),
        activeOffers: Number(row.active_offers),
        transactionLimits: Number(row.transaction_limits),
        withdrawalsAwaitingReview: Number(row.withdrawals_under_review),
        pendingKyc: Number(row.pending_kyc),
        openFraudAlerts: Number(row.open_fraud_alerts),
        volume24h: {
          currency: REPORTING_CURRENCY,
          deposits: figure(row.deposits_24h)!,
          withdrawals: figure(row.withdrawals_24h)!,
          unpriced: Number(row.unpriced_24h),
        },
        generatedAt: now.toISOString(),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
