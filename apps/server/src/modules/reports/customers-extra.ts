import type { ReportBreakdown } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { CUSTOMER_MAPPING } from '../customers/customer-sql.ts';
import { figure, localMidnight, type ReportFilters } from './report-engine.ts';
import { addDays, type ReportRange } from './report-range.ts';

const FUNNEL_STAGES = ['registered', 'submitted', 'approved_level_1', 'approved_level_2', 'approved_level_3'];
const count = (key: string) => ({ key, unit: 'count' as const });

/**
 * The customers report's tables that are not sums of sign-ups (each is one query over its own rows):
 * - the KYC funnel of the customers who signed up in each range, as their KYC stands today;
 * - tiers now: customers and active customers (the kit's single rule) per tier — a snapshot;
 * - churn: customers whose latest wallet transaction fell in the previous range, none since
 *   (they went quiet during it); the previous figure is the same count one range earlier.
 */
export async function customersExtra(
  db: DbOrTx,
  range: ReportRange,
  filters: ReportFilters,
): Promise<ReportBreakdown[]> {
  const tier =
    filters.customerType === undefined
      ? sql`true`
      : sql`coalesce(customer_type, 'bronze') = ${filters.customerType}`;
  const lo = localMidnight(range.previousFrom, range.tz);
  const mid = localMidnight(range.from, range.tz);
  const hi = localMidnight(range.end, range.tz);
  const earlier = localMidnight(addDays(range.previousFrom, -range.days), range.tz);

  const funnel = await db.execute<Record<string, unknown>>(sql`
    SELECT create_date >= ${mid} AS cur, count(*) AS registered,
           count(*) FILTER (WHERE user_ky IN ('pending', 'approved', 'rejected')) AS submitted,
           count(*) FILTER (WHERE user_ky = 'approved' AND kyc_level = 1) AS approved_level_1,
           count(*) FILTER (WHERE user_ky = 'approved' AND kyc_level = 2) AS approved_level_2,
           count(*) FILTER (WHERE user_ky = 'approved' AND kyc_level >= 3) AS approved_level_3
      FROM customers WHERE create_date >= ${lo} AND create_date < ${hi} AND ${tier}
     GROUP BY 1`);
  const side = (cur: boolean) => funnel.rows.find((r) => r.cur === cur);
  const stageValue = (cur: boolean, stage: string) => figure(side(cur)?.[stage] ?? 0);

  const tiers = await db.execute<{ tier: string; customers: string; active: string }>(sql`
    SELECT coalesce(customer_type, 'bronze') AS tier, count(*) AS customers,
           count(*) FILTER (WHERE ${CUSTOMER_MAPPING.active}) AS active
      FROM customers WHERE ${tier} GROUP BY 1 ORDER BY 1`);

  const churn = await db.execute<{ churned: string; before: string }>(sql`
    SELECT count(*) FILTER (WHERE last_at >= ${lo} AND last_at < ${mid}) AS churned,
           count(*) FILTER (WHERE last_at >= ${earlier} AND last_at < ${lo}) AS before
      FROM rpt_customer_last_activity a
     WHERE last_at >= ${earlier} AND last_at < ${mid}
       AND (${filters.customerType === undefined}
            OR EXISTS (SELECT 1 FROM customers WHERE id = a.customer_id AND ${tier}))`);
  const { churned, before } = churn.rows[0]!;

  return [
    {
      key: 'kyc_funnel',
      dimensions: ['stage'],
      measures: [count('customers')],
      rows: FUNNEL_STAGES.map((stage) => ({
        keys: [stage],
        values: { customers: stageValue(true, stage) },
        previous: { customers: stageValue(false, stage) },
      })),
    },
    {
      key: 'tiers_now',
      dimensions: ['customer_type'],
      measures: [count('customers'), count('active')],
      rows: tiers.rows.map((r) => ({
        keys: [r.tier],
        values: { customers: figure(r.customers), active: figure(r.active) },
        previous: { customers: null, active: null },
      })),
    },
    {
      key: 'churn',
      dimensions: ['measure'],
      measures: [count('customers')],
      rows: [
        {
          keys: ['churned'],
          values: { customers: figure(churned) },
          previous: { customers: figure(before) },
        },
      ],
    },
  ];
}
