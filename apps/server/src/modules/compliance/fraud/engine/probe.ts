// The engine's rules on one event that is not written yet: what a real-time check asks before the
// exchange sends a withdrawal or opens a trade. The same queries as the evaluator's (rule-sql.ts),
// with the event standing in for its table's row, so a check and the alert raised once the event
// arrives agree.

import { fraudApi } from '@backdesk/contract';
import type { FraudRuleCode, FraudSeverity } from '@backdesk/contract/fraud/keys';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { type CurrentRuleVersion, currentVersions } from './fraud-engine.ts';
import { candidatesQuery, type TradeProbe, type WithdrawalProbe } from './rule-sql.ts';

export type { TradeProbe, WithdrawalProbe };

/**
 * The rules one event evaluates synchronously: those triggered by the event alone. The blocklist
 * rule is left to the check's own blocklist lookup (it holds whether or not the rule is on), and
 * screening and sign-in rules are not triggered by a withdrawal or a trade.
 */
export const PROBE_RULES = {
  withdrawal: ['withdrawal_velocity', 'withdrawal_after_deposit', 'new_address_withdrawal'],
  p2p: ['p2p_amount'],
} as const satisfies Record<string, readonly FraudRuleCode[]>;

export interface ProbeHit {
  rule: FraudRuleCode;
  version: number;
  severity: FraudSeverity;
  figures: Record<string, string | number>;
}

/** One enabled rule's probe: the engine's own candidates query with the event standing in. */
export interface RuleProbe {
  rule: FraudRuleCode;
  version: number;
  severity: FraudSeverity;
  query: SQL;
}

/** The probes of every enabled rule of the event's kind, at `versions` (currentVersions). */
export function probeQueries(
  versions: Map<FraudRuleCode, CurrentRuleVersion>,
  event: { withdrawal: WithdrawalProbe } | { p2p: TradeProbe },
): RuleProbe[] {
  const [codes, scope] =
    'withdrawal' in event
      ? [PROBE_RULES.withdrawal, { kind: 'probe' as const, wallet: event.withdrawal }]
      : [PROBE_RULES.p2p, { kind: 'probe' as const, p2p: event.p2p }];
  const probes: RuleProbe[] = [];
  for (const code of codes) {
    const rule = versions.get(code);
    if (!rule?.enabled || !fraudApi.RULE_PARAMS[code].safeParse(rule.params).success) continue;
    const query = candidatesQuery(code, rule.params, scope, false);
    if (query) probes.push({ rule: code, version: rule.version, severity: rule.severity, query });
  }
  return probes;
}

/**
 * Every probe as one statement: a row per candidate, tagged with its rule, as a JSON array (empty
 * when no rule is on). A statement of its own, or a column of a larger one.
 */
export const probesJsonSql = (probes: RuleProbe[]): SQL =>
  probes.length
    ? sql`(SELECT coalesce(json_agg(p), '[]'::json) FROM (${sql.join(
        probes.map((p) => sql`SELECT ${p.rule}::text AS rule, h.customer_id, h.figures FROM (${p.query}) h`),
        sql` UNION ALL `,
      )}) p)`
    : sql`'[]'::json`;

/** The hits of `customerId` among the probes' candidate rows, in the probes' order. */
export function probeHits(
  probes: RuleProbe[],
  rows: { rule: string; customer_id: number | string; figures: Record<string, string | number> }[],
  customerId: number,
): ProbeHit[] {
  return probes.flatMap((p) => {
    const own = rows.find((r) => r.rule === p.rule && Number(r.customer_id) === customerId);
    return own ? [{ rule: p.rule, version: p.version, severity: p.severity, figures: own.figures }] : [];
  });
}

/** Every enabled rule of the event's kind that it would trip, for `customerId` (a trade's buyer). */
export async function probeRules(
  db: DbOrTx,
  event: { withdrawal: WithdrawalProbe } | { p2p: TradeProbe },
  customerId: number,
): Promise<ProbeHit[]> {
  const probes = probeQueries(await currentVersions(db), event);
  if (!probes.length) return [];
  const { rows } = await db.execute<{ hits: Parameters<typeof probeHits>[1] }>(
    sql`SELECT ${probesJsonSql(probes)} AS hits`,
  );
  return probeHits(probes, rows[0]!.hits, customerId);
}
