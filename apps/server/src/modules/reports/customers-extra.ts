import type { ReportBreakdown } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { figure, localMidnight, type ReportFilters } from './report-engine.ts';
import { addDays, type ReportRange } from './report-range.ts';

const count = (key: string) => ({ key, unit: 'count' as const });

/**
 * The customers report's tables that are not sums of sign-ups (each is one query over its own rows):
 * - tiers now: customers and active customers (the kit's single rule) per tier — a snapshot, summed
 *   from the customer list's facet counts (every customer once: role NULL; migration 0033);
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
  const facetTier = filters.customerType === undefined ? sql`true` : sql`tier = ${filters.customerType}`;
  const lo = localMidnight(range.previousFrom, range.tz);
  const mid = localMidnight(range.from, range.tz);
  const earlier = localMidnight(addDays(range.previousFrom, -range.days), range.tz);

  const tiers = await db.execute<{ tier: string; customers: string; active: string }>(sql`
    SELECT tier, sum(n) AS customers, coalesce(sum(n) FILTER (WHERE active), 0) AS active
      FROM customer_facet_counts WHERE role IS NULL AND ${facetTier}
     GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`);

  const churn = await db.execute<{ churned: string; before: string }>(sql`
    SELECT count(*) FILTER (WHERE last_at >= ${lo} AND last_at < ${mid}) AS churned,
           count(*) FILTER (WHERE last_at >= ${earlier} AND last_at < ${lo}) AS before
      FROM rpt_customer_last_activity_all a
     WHERE last_at >= ${earlier} AND last_at < ${mid}
       AND (${filters.customerType === undefined}
            OR EXISTS (SELECT 1 FROM customers WHERE id = a.customer_id AND ${tier}))`);
  const { churned, before } = churn.rows[0]!;

  return [
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
