// The engine's rules on one event that is not written yet: what a real-time check asks before the
// exchange sends a withdrawal or opens a trade. The same queries as the evaluator's (rule-sql.ts),
// with the event standing in for its table's row, so a check and the alert raised once the event
// arrives agree.

import { fraudApi } from '@backdesk/contract';
import type { FraudRuleCode, FraudSeverity } from '@backdesk/contract/fraud/keys';
import type { DbOrTx } from '../../../../db/client.ts';
import { currentVersions } from './fraud-engine.ts';
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

/** Every enabled rule of the event's kind that it would trip, for `customerId` (a trade's buyer). */
export async function probeRules(
  db: DbOrTx,
  event: { withdrawal: WithdrawalProbe } | { p2p: TradeProbe },
  customerId: number,
): Promise<ProbeHit[]> {
  const versions = await currentVersions(db);
  const [codes, scope] =
    'withdrawal' in event
      ? [PROBE_RULES.withdrawal, { kind: 'probe' as const, wallet: event.withdrawal }]
      : [PROBE_RULES.p2p, { kind: 'probe' as const, p2p: event.p2p }];
  const hits: ProbeHit[] = [];
  for (const code of codes) {
    const rule = versions.get(code);
    if (!rule?.enabled || !fraudApi.RULE_PARAMS[code].safeParse(rule.params).success) continue;
    const query = candidatesQuery(code, rule.params, scope, false);
    if (!query) continue;
    const { rows } = await db.execute<{ customer_id: number; figures: Record<string, string | number> }>(
      query,
    );
    const own = rows.find((r) => Number(r.customer_id) === customerId);
    if (own) hits.push({ rule: code, version: rule.version, severity: rule.severity, figures: own.figures });
  }
  return hits;
}
