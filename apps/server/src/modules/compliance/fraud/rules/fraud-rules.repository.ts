import { type FraudRuleCode, type FraudSeverity, fraudApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { isoUtc } from '../../../../db/sql/index.ts';
import { keysetPage } from '../../../../lib/keyset.ts';

type RuleQuality = fraudApi.RuleQuality;
type FraudRuleVersion = fraudApi.FraudRuleVersion;

/** A rule with its version in force, before its quality is joined. */
export type RuleRow = {
  code: FraudRuleCode;
  version: number;
  current_version: number;
  params: Record<string, unknown>;
  severity: FraudSeverity;
  enabled: boolean;
  reason: string | null;
  changed_by: string | null;
  changed_at: string;
};

const RULE_COLUMNS = sql`r.code, r.version, r.current_version, v.params, v.severity, v.enabled, v.reason,
  m.display_name AS changed_by, ${isoUtc(sql`v.created_at`)} AS changed_at`;
const RULE_FROM = sql`fraud_rules r
  JOIN fraud_rule_versions v ON v.rule_code = r.code AND v.version = r.current_version
  LEFT JOIN staff_members m ON m.id = v.created_by`;

const { RULE_QUALITY_DAYS } = fraudApi;

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export function createFraudRulesRepository() {
  return {
    async all(db: DbOrTx): Promise<RuleRow[]> {
      return (await db.execute<RuleRow>(sql`SELECT ${RULE_COLUMNS} FROM ${RULE_FROM} ORDER BY r.code`)).rows;
    },

    async byCode(db: DbOrTx, code: FraudRuleCode, lock = false): Promise<RuleRow | undefined> {
      const result = await db.execute<RuleRow>(
        sql`SELECT ${RULE_COLUMNS} FROM ${RULE_FROM} WHERE r.code = ${code}${lock ? sql` FOR UPDATE OF r` : sql``}`,
      );
      return result.rows[0];
    },

    /**
     * Each rule's alerts raised in the last 30 and 90 days before `now`, and how the closed ones
     * ended: one pass over the 90 days, split by window.
     */
    async quality(db: DbOrTx, now: Date): Promise<Map<FraudRuleCode, RuleQuality[]>> {
      const longest = Math.max(...RULE_QUALITY_DAYS);
      const days = sql.join(
        RULE_QUALITY_DAYS.map((d) => sql`(${d}::int)`),
        sql`, `,
      );
      const { rows } = await db.execute<{
        rule_code: FraudRuleCode;
        days: number;
        raised: number;
        closed: number;
        confirmed: number;
        false_positive: number;
      }>(sql`
        SELECT a.rule_code, d.days, count(*)::int AS raised,
               count(*) FILTER (WHERE a.status = 'closed')::int AS closed,
               count(*) FILTER (WHERE a.status = 'closed' AND a.outcome = 'confirmed')::int AS confirmed,
               count(*) FILTER (WHERE a.status = 'closed' AND a.outcome = 'false_positive')::int AS false_positive
          FROM fraud_alerts a
          JOIN (VALUES ${days}) AS d(days)
            ON a.raised_at >= ${now.toISOString()}::timestamptz - make_interval(days => d.days)
         WHERE a.raised_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${longest}::int)
           AND a.raised_at <= ${now.toISOString()}::timestamptz
         GROUP BY a.rule_code, d.days`);
      const out = new Map<FraudRuleCode, RuleQuality[]>();
      for (const r of rows) {
        const list = out.get(r.rule_code) ?? [];
        list.push({
          days: r.days,
          raised: r.raised,
          closed: r.closed,
          confirmed: r.confirmed,
          false_positive: r.false_positive,
          precision: ratio(r.confirmed, r.closed),
          false_positive_rate: ratio(r.false_positive, r.closed),
        });
        out.set(r.rule_code, list);
      }
      return out;
    },

    async versions(
      db: DbOrTx,
      request: { code: FraudRuleCode; dir: 'asc' | 'desc'; cursor?: string; limit: number },
    ) {
      type Paged = FraudRuleVersion & { sort_value: number };
      const page = await keysetPage<Paged>(
        { sort: sql`v.version`, id: sql`v.version`, dir: request.dir },
        request,
        (row) => [row.sort_value, row.version],
        async (k) =>
          (
            await db.execute<Paged>(sql`
              SELECT v.rule_code, v.version, v.params, v.severity, v.enabled, v.reason,
                     m.display_name AS created_by, ${isoUtc(sql`v.created_at`)} AS created_at, v.version AS sort_value
                FROM fraud_rule_versions v LEFT JOIN staff_members m ON m.id = v.created_by
               WHERE v.rule_code = ${request.code}${k.where ? sql` AND ${k.where}` : sql``}
               ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
          ).rows,
      );
      const count = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM fraud_rule_versions WHERE rule_code = ${request.code}`,
      );
      return { ...page, total: { value: count.rows[0]!.n, exact: true } };
    },

    /** Adds the next version and makes it the one in force; returns its number. */
    async addVersion(
      tx: DbOrTx,
      v: {
        code: FraudRuleCode;
        params: object;
        severity: FraudSeverity;
        enabled: boolean;
        reason: string;
        createdBy: number;
        at: Date;
      },
    ): Promise<number> {
      const result = await tx.execute<{ version: number }>(sql`
        WITH next AS (
          SELECT coalesce(max(version), 0) + 1 AS version FROM fraud_rule_versions WHERE rule_code = ${v.code}
        ), added AS (
          INSERT INTO fraud_rule_versions (rule_code, version, params, severity, enabled, reason, created_by, created_at)
          SELECT ${v.code}, next.version, ${JSON.stringify(v.params)}::jsonb, ${v.severity}, ${v.enabled},
                 ${v.reason}, ${v.createdBy}, ${v.at.toISOString()}
            FROM next
          RETURNING version
        )
        UPDATE fraud_rules r SET current_version = added.version, version = r.version + 1
          FROM added WHERE r.code = ${v.code}
        RETURNING added.version`);
      return result.rows[0]!.version;
    },
  };
}
export type FraudRulesRepository = ReturnType<typeof createFraudRulesRepository>;
