import type { fraudApi } from '@backdesk/contract';

type CaseTimelineEntry = fraudApi.CaseTimelineEntry;

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { isoUtc } from '../../../../db/sql/index.ts';

/**
 * Everything that happened around a case, newest `limit` in time order: its alerts (raised, moved,
 * closed), comments, the case's own events, the customer's restrictions and KYC decisions, and the
 * wallet transactions and P2P trades its alerts point at. One query: each source is a branch of a
 * UNION ALL that yields (key, kind, at, member, params), so the database sorts and cuts them together.
 */
export async function caseTimeline(
  db: DbOrTx,
  caseId: number,
  customerId: number,
  limit: number,
): Promise<{ items: CaseTimelineEntry[]; truncated: boolean }> {
  const { rows } = await db.execute<CaseTimelineEntry & { at_ts: string }>(sql`
    WITH case_alerts AS (SELECT * FROM fraud_alerts WHERE case_id = ${caseId}),
    evidence AS (
      SELECT DISTINCT e.kind, e.ref_id FROM fraud_alert_evidence e JOIN case_alerts a ON a.id = e.alert_id
      WHERE e.kind IN ('wallet_transaction', 'p2p_trade')
    ),
    entries AS (
      SELECT 'alert_raised:' || a.id AS key, 'alert_raised' AS kind, a.raised_at AS at, NULL::text AS member,
             jsonb_build_object('alert_id', a.id, 'rule', a.rule_code, 'severity', a.severity) AS params
      FROM case_alerts a
      UNION ALL
      SELECT 'alert_moved:' || l.id, 'alert_moved', l.at, m.display_name,
             jsonb_build_object('alert_id', l.entity_id::bigint, 'status', l.after ->> 'status')
      FROM audit_log l LEFT JOIN staff_members m ON m.id = l.member_id
      WHERE l.entity = 'fraud_alert' AND l.action = 'move_status'
        AND l.entity_id IN (SELECT id::text FROM case_alerts)
      UNION ALL
      SELECT 'alert_closed:' || a.id, 'alert_closed', a.closed_at, m.display_name,
             jsonb_build_object('alert_id', a.id, 'rule', a.rule_code, 'outcome', a.outcome, 'note', a.closing_note)
      FROM case_alerts a LEFT JOIN staff_members m ON m.id = a.closed_by
      WHERE a.closed_at IS NOT NULL
      UNION ALL
      SELECT 'comment:' || c.id, 'comment', c.created_at, m.display_name, jsonb_build_object('body', c.body)
      FROM fraud_case_comments c JOIN staff_members m ON m.id = c.author_id
      WHERE c.case_id = ${caseId}
      UNION ALL
      SELECT 'case_event:' || e.id, 'case_event', e.at, m.display_name,
             jsonb_build_object('event', e.kind) || e.params
      FROM fraud_case_events e LEFT JOIN staff_members m ON m.id = e.member_id
      WHERE e.case_id = ${caseId}
      UNION ALL
      SELECT 'restriction:' || r.id, 'restriction', r.created_at, m.display_name,
             jsonb_build_object('restriction_id', r.id, 'restriction_kind', r.kind, 'reason', r.reason,
                                'lifted', r.lifted_at IS NOT NULL)
      FROM customer_restrictions r LEFT JOIN staff_members m ON m.id = r.created_by
      WHERE r.customer_id = ${customerId}
      UNION ALL
      SELECT 'kyc_decision:' || d.id, 'kyc_decision', d.at, m.display_name,
             jsonb_build_object('decision', d.decision, 'level', d.level, 'reason', d.reason_code)
      FROM kyc_decisions d LEFT JOIN staff_members m ON m.id = d.member_id
      WHERE d.customer_id = ${customerId}
      UNION ALL
      SELECT 'kyc_document_decision:' || d.id, 'kyc_decision', d.at, m.display_name,
             jsonb_build_object('decision', d.decision, 'document_id', d.document_id, 'reason', d.reason_code)
      FROM kyc_document_decisions d LEFT JOIN staff_members m ON m.id = d.member_id
      WHERE d.customer_id = ${customerId}
      UNION ALL
      SELECT 'wallet_transaction:' || t.id, 'wallet_transaction', t.created_at, NULL,
             jsonb_build_object('transaction_id', t.id, 'type', t.type, 'asset', t.asset, 'network', t.network,
                                'amount', trim_scale(t.amount)::text, 'status', t.status, 'to_address', t.to_address)
      FROM wallet_transactions t JOIN evidence ev ON ev.kind = 'wallet_transaction' AND ev.ref_id = t.id
      UNION ALL
      SELECT 'p2p_trade:' || p.id, 'p2p_trade', p.created_at, NULL,
             jsonb_build_object('trade_id', p.id, 'amount', trim_scale(p.trade_amount)::text,
                                'contract', p.offer_contract_name, 'status', p.status,
                                'buyer', p.buyer_user_name, 'seller', p.offer_seller_user_name)
      FROM p2p_trades p JOIN evidence ev ON ev.kind = 'p2p_trade' AND ev.ref_id = p.id
    )
    SELECT key, kind, ${isoUtc(sql`at`)} AS at, member, params FROM (
      SELECT * FROM entries ORDER BY at DESC, key DESC LIMIT ${limit + 1}
    ) latest ORDER BY at, key`);
  const truncated = rows.length > limit;
  // The oldest row is the one beyond the limit.
  return { items: truncated ? rows.slice(1) : rows, truncated };
}
