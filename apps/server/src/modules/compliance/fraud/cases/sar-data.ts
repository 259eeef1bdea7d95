import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { isoUtc } from '../../../../db/sql/index.ts';
import type { SarContent } from './sar-pdf.ts';

/** What the report draft says about a case: its customer, alerts and the transactions and trades in question. */
export async function sarContent(
  db: DbOrTx,
  caseId: number,
): Promise<Omit<SarContent, 'generatedAt' | 'generatedBy'>> {
  const [head, alerts, transactions, trades] = await Promise.all([
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
      SELECT p.id, p.trade_amount::text AS amount, p.buyer_user_name AS buyer,
             p.offer_seller_user_name AS seller, p.status, ${isoUtc(sql`p.created_at`)} AS created_at
      FROM p2p_trades p
      WHERE p.id IN (SELECT e.ref_id FROM fraud_alert_evidence e JOIN fraud_alerts a ON a.id = e.alert_id
                     WHERE a.case_id = ${caseId} AND e.kind = 'p2p_trade')
      ORDER BY p.created_at, p.id`),
  ]);
  const { customer_id, narrative, decision, closing_note, ...customer } = head.rows[0]!;
  return {
    caseId,
    customer: { id: customer_id, ...customer },
    narrative,
    decision,
    closingNote: closing_note,
    alerts: alerts.rows,
    transactions: transactions.rows,
    trades: trades.rows,
  };
}
