import { type CrmOverview, crmApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';

type Count = { value: string | null; count: number };

export function createCrmOverviewRepository() {
  return {
    /** One pass over customers, grouped three ways (GROUPING SETS); KYC with the spec's default. */
    async counts(db: DbOrTx): Promise<CrmOverview> {
      const result = await db.execute<{
        dim: string;
        value: string | null;
        count: number;
        active: number;
      }>(sql`
        SELECT CASE WHEN grouping(status) = 0 THEN 'status' WHEN grouping(kyc) = 0 THEN 'kyc' ELSE 'type' END AS dim,
               coalesce(status, kyc, kyc_type) AS value, count(*)::int AS count,
               count(*) FILTER (WHERE token_hash IS NOT NULL OR status = 'active')::int AS active
        FROM (SELECT status, coalesce(user_ky, 'kyc') AS kyc, kyc_type, token_hash FROM customers) c
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

export function registerCrmOverviewModule(app: FastifyInstance, db: Db): void {
  const repo = createCrmOverviewRepository();
  registerEndpoint(app, crmApi.getCrmOverview, {}, () => repo.counts(db));
}
