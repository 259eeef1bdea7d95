import type { CrmOverview } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { CUSTOMER_MAPPING } from '../../../db/sql/index.ts';

type Count = { value: string | null; count: number };

export function createCrmOverviewRepository() {
  return {
    /**
     * One pass over customers, grouped three ways (GROUPING SETS), with the customer list's rules:
     * a missing KYC status counts as its default, and active is the active-customer rule.
     */
    async counts(db: DbOrTx): Promise<CrmOverview> {
      const result = await db.execute<{
        dim: string;
        value: string | null;
        count: number;
        active: number;
      }>(sql`
        SELECT CASE WHEN grouping(status) = 0 THEN 'status' WHEN grouping(kyc) = 0 THEN 'kyc' ELSE 'type' END AS dim,
               coalesce(status, kyc, kyc_type) AS value, count(*)::int AS count,
               count(*) FILTER (WHERE active)::int AS active
        FROM (SELECT status, ${CUSTOMER_MAPPING.kyc_status} AS kyc, kyc_type,
                     ${CUSTOMER_MAPPING.active} AS active FROM customers) c
        GROUP BY GROUPING SETS ((status), (kyc), (kyc_type))
        ORDER BY count DESC`);
      const of = (dim: string): Count[] =>
        result.rows.filter((r) => r.dim === dim).map(({ value, count }) => ({ value, count }));
      const byKycType = of('type');
      const statusRows = result.rows.filter((r) => r.dim === 'status');
      return {
        total: byKycType.reduce((sum, r) => sum + r.count, 0),
        active: statusRows.reduce((sum, r) => sum + r.active, 0),
        byStatus: of('status'),
        byKycStatus: of('kyc'),
        byKycType,
      };
    },
  };
}
