import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { isoUtc } from '../../../../db/sql/index.ts';
import { readAmountCatalogue } from '../../../transactions/index.ts';
import type { LinkedCustomers } from './fraud-cases.service.ts';
import type { SarContent } from './sar-pdf.ts';

/** The most sign-in addresses a draft lists (the latest used first). */
const MAX_SIGN_IN_ADDRESSES = 20;
/** The most linked customers a draft lists (the strongest links first). */
const MAX_LINKED = 20;

/**
 * What the report draft says about a case: its customer, alerts, the transactions and trades in
 * question, and the evidence the case holds beside them — the customer's sign-in addresses, the
 * blocklist entries any of their identifiers hit, the customers linked to them and the members'
 * comments.
 */
export async function sarContent(
  db: DbOrTx,
  caseId: number,
  linked?: LinkedCustomers,
): Promise<Omit<SarContent, 'generatedAt' | 'generatedBy'>> {
  const [head, alerts, transactions, trades, signIns, blocklistHits, comments, catalogue] = await Promise.all(
    [
      db.execute<
        Omit<SarContent['customer'], 'id'> & {
          customer_id: number;
          narrative: string;
          decision: string | null;
          closing_note: string | null;
        }
      >(sql`
      SELECT fc.customer_id, fc.narrative, fc.decision, fc.closing_note, c.user_name,
             nullif(trim(concat_ws(' ', c.alias_name, c.alias_surname)), '') AS name,
             c.alias_email AS email, c.mobile, c.kyc_level, c.status,
             ${isoUtc(sql`c.create_date`)} AS registered_at
      FROM fraud_cases fc JOIN customers c ON c.id = fc.customer_id WHERE fc.id = ${caseId}`),
      db.execute<SarContent['alerts'][number]>(sql`
      SELECT id, rule_code, severity, status, outcome, ${isoUtc(sql`raised_at`)} AS raised_at
      FROM fraud_alerts WHERE case_id = ${caseId} ORDER BY raised_at, id`),
      db.execute<SarContent['transactions'][number]>(sql`
      SELECT t.id, t.type, t.asset, t.network, t.amount::text AS amount, t.to_address, t.status,
             ${isoUtc(sql`t.created_at`)} AS created_at
      FROM wallet_transactions t
      WHERE t.id IN (SELECT e.ref_id FROM fraud_alert_evidence e JOIN fraud_alerts a ON a.id = e.alert_id
                     WHERE a.case_id = ${caseId} AND e.kind = 'wallet_transaction')
      ORDER BY t.created_at, t.id`),
      db.execute<SarContent['trades'][number]>(sql`
      SELECT p.id, p.trade_amount::text AS amount, p.offer_contract_name AS contract, p.buyer_user_name AS buyer,
             p.offer_seller_user_name AS seller, p.status, ${isoUtc(sql`p.created_at`)} AS created_at
      FROM p2p_trades p
      WHERE p.id IN (SELECT e.ref_id FROM fraud_alert_evidence e JOIN fraud_alerts a ON a.id = e.alert_id
                     WHERE a.case_id = ${caseId} AND e.kind = 'p2p_trade')
      ORDER BY p.created_at, p.id`),
      db.execute<SarContent['signIns'][number]>(sql`
      SELECT host(e.ip) AS ip, count(*)::int AS sign_ins,
             count(*) FILTER (WHERE e.outcome = 'failure')::int AS failures,
             count(DISTINCT e.device_id)::int AS devices,
             ${isoUtc(sql`min(e.at)`)} AS first_at, ${isoUtc(sql`max(e.at)`)} AS last_at
      FROM customer_login_events e
      WHERE e.customer_id = (SELECT customer_id FROM fraud_cases WHERE id = ${caseId})
      GROUP BY e.ip ORDER BY max(e.at) DESC, host(e.ip) LIMIT ${MAX_SIGN_IN_ADDRESSES}`),
      // Every active entry one of the customer's identifiers hits, normalised as the blocklist stores
      // them (R46): sign-in addresses and devices, wallet addresses on either side, email and phone.
      db.execute<SarContent['blocklistHits'][number]>(sql`
      WITH c AS (SELECT cu.id, cu.alias_email, cu.mobile FROM customers cu
                 JOIN fraud_cases fc ON fc.customer_id = cu.id WHERE fc.id = ${caseId})
      SELECT b.id::int AS id, b.kind, b.value, b.network, b.reason, ${isoUtc(sql`b.created_at`)} AS listed_at
      FROM fraud_blocklist b, c
      WHERE b.removed_at IS NULL AND (
        (b.kind = 'ip' AND b.value IN (SELECT host(e.ip) FROM customer_login_events e WHERE e.customer_id = c.id))
        OR (b.kind = 'device' AND b.value IN (SELECT e.device_id FROM customer_login_events e WHERE e.customer_id = c.id))
        OR (b.kind = 'address' AND EXISTS (
              SELECT 1 FROM wallet_transactions w CROSS JOIN LATERAL (VALUES (w.from_address), (w.to_address)) x(a)
              WHERE w.customer_id = c.id AND b.value = bd_fraud_address(x.a)
                AND (b.network IS NULL OR b.network = upper(w.network))))
        OR (b.kind = 'email' AND b.value = lower(trim(c.alias_email)))
        OR (b.kind = 'phone' AND b.value = regexp_replace(c.mobile, '\D', '', 'g')))
      ORDER BY b.id`),
      db.execute<SarContent['comments'][number]>(sql`
      SELECT m.display_name AS author, k.body, ${isoUtc(sql`k.created_at`)} AS created_at
      FROM fraud_case_comments k JOIN staff_members m ON m.id = k.author_id
      WHERE k.case_id = ${caseId} ORDER BY k.created_at, k.id`),
      readAmountCatalogue(db),
    ],
  );
  const { customer_id, narrative, decision, closing_note, ...customer } = head.rows[0]!;
  const links = linked ? (await linked(db, customer_id)).items.slice(0, MAX_LINKED) : [];
  return {
    caseId,
    customer: { id: customer_id, ...customer },
    narrative,
    decision,
    closingNote: closing_note,
    alerts: alerts.rows,
    transactions: transactions.rows,
    trades: trades.rows,
    signIns: signIns.rows,
    blocklistHits: blocklistHits.rows,
    linkedCustomers: links.map((l) => ({
      user_name: l.user_name,
      kinds: [...new Set(l.links.map((k) => k.kind))],
    })),
    comments: comments.rows,
    catalogue,
  };
}
