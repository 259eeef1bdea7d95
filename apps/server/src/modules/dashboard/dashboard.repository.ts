import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type KpiRow = {
  customers_total: number;
  customers_last30: number;
  customers_previous30: number;
  growth_percent: string | null;
  pending_trades: number;
  active_offers: number;
  transaction_limits: number;
  withdrawals_under_review: number;
};

export function createDashboardRepository() {
  return {
    /**
     * Every KPI in one round trip, sign-ups counted in the 30 and 60 days before `now`; the growth is
     * computed as an exact numeric, rounded to 0.1.
     */
    async kpis(db: DbOrTx, now: Date): Promise<KpiRow> {
      const result = await db.execute<KpiRow>(sql`
        WITH bounds AS (
          SELECT ${now}::timestamptz - interval '30 days' AS d30, ${now}::timestamptz - interval '60 days' AS d60
        ),
        sign_ups AS (
          SELECT
            count(*) FILTER (WHERE create_date >= b.d30) AS last30,
            count(*) FILTER (WHERE create_date < b.d30) AS previous30
          FROM customers, bounds b
          WHERE create_date >= b.d60 AND create_date < ${now}::timestamptz
        )
        SELECT
          (SELECT count(*) FROM customers) AS customers_total,
          s.last30 AS customers_last30,
          s.previous30 AS customers_previous30,
          round((s.last30 - s.previous30) * 100.0 / nullif(s.previous30, 0), 1)::text AS growth_percent,
          (SELECT count(*) FROM p2p_trades WHERE status = 'pending') AS pending_trades,
          (SELECT count(*) FROM p2p_offers WHERE status = 'active') AS active_offers,
          (SELECT count(*) FROM transaction_limits) AS transaction_limits,
          (SELECT count(*) FROM wallet_transactions
            WHERE type = 'withdrawal' AND status = 'under_review') AS withdrawals_under_review
        FROM sign_ups s
      `);
      return result.rows[0]!;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
