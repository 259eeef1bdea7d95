import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { HOUR_ORIGIN } from '../reports/index.ts';

export type KpiRow = {
  customers_total: number;
  customers_last30: number;
  customers_previous30: number;
  growth_percent: string | null;
  pending_trades: number;
  active_offers: number;
  transaction_limits: number;
  withdrawals_under_review: number;
  pending_kyc: number;
  open_fraud_alerts: number;
  deposits_24h: string;
  withdrawals_24h: string;
  unpriced_24h: number;
};

/**
 * Completed deposits and withdrawals of the 24 hours before `now`, valued at each asset's rate of
 * the day: whole hours from the report rollup, the two partial hours at the edges from the raw rows
 * (docs/decisions/0014-report-rollups.md). Each bound is a plain expression of `now`, so each edge is
 * a range scan of the created_at index (bounds joined from a CTE read every wallet transaction).
 */
function volume24h(now: Date) {
  const hi = sql`${now}::timestamptz`;
  const lo = sql`(${hi} - interval '24 hours')`;
  const firstFull = sql`(date_bin('1 hour', ${lo}, ${HOUR_ORIGIN}) + interval '1 hour')`;
  const lastEdge = sql`date_bin('1 hour', ${hi}, ${HOUR_ORIGIN})`;
  const raw = (from: SQL, to: SQL) => sql`
      SELECT w.created_at, w.type, w.asset, w.amount, 1 FROM wallet_transactions w
       WHERE w.status = 'completed' AND w.type IN ('deposit', 'withdrawal')
         AND w.created_at >= ${from} AND w.created_at < ${to}`;
  return sql`
    WITH facts AS (
      SELECT h.hour AS at, h.type, h.asset, h.amount, h.n FROM rpt_wallet_hourly_all h
       WHERE h.status = 'completed' AND h.type IN ('deposit', 'withdrawal')
         AND h.hour >= ${firstFull} AND h.hour < ${lastEdge}
      UNION ALL ${raw(lo, sql`least(${firstFull}, ${hi})`)}
      UNION ALL ${raw(sql`greatest(${lastEdge}, ${firstFull})`, hi)}
    ),
    rates AS (
      SELECT asset, valid_from::timestamp AT TIME ZONE 'UTC' AS since,
             coalesce(lead(valid_from) OVER (PARTITION BY asset ORDER BY valid_from)::timestamp AT TIME ZONE 'UTC',
                      'infinity') AS until, rate
        FROM report_rates
    )
    SELECT coalesce(sum(f.amount * r.rate) FILTER (WHERE f.type = 'deposit'), 0) AS deposits,
           coalesce(sum(f.amount * r.rate) FILTER (WHERE f.type = 'withdrawal'), 0) AS withdrawals,
           coalesce(sum(f.n) FILTER (WHERE r.rate IS NULL), 0) AS unpriced
      FROM facts f LEFT JOIN rates r ON r.asset = f.asset AND f.at >= r.since AND f.at < r.until
     WHERE f.n <> 0`;
}

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
            WHERE type = 'withdrawal' AND status = 'under_review') AS withdrawals_under_review,
          -- Customers whose documents wait for a decision: the KYC queue's size (the compliance overview's).
          (SELECT count(*) FROM kyc_cases) AS pending_kyc,
          (SELECT count(*) FROM fraud_alerts
            WHERE status IN ('open', 'investigating', 'escalated')) AS open_fraud_alerts,
          v.deposits::text AS deposits_24h, v.withdrawals::text AS withdrawals_24h, v.unpriced AS unpriced_24h
        FROM sign_ups s, (${volume24h(now)}) v
      `);
      return result.rows[0]!;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
