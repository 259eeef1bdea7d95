import type { FraudSeverity, fraudApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { isoUtc } from '../../../../db/sql/index.ts';
import { allOf, exportStatement, filteredPage } from '../../../../lib/list-query.ts';
import { customerFilter, dayEnd, dayStart, staffRef } from '../../kyc/kyc-sql.ts';

type FraudAlertRow = fraudApi.FraudAlertRow;
type FraudAlertComment = fraudApi.FraudAlertComment;
type FraudEvidence = fraudApi.FraudEvidence;
type Filters = z.output<typeof fraudApi.FraudAlertFiltersSchema>;
type PageQuery = z.output<typeof fraudApi.FraudAlertsQuerySchema>;
type SortKey = PageQuery['sort'];

const SORT: Record<SortKey, SQL> = { raised_at: sql`a.raised_at`, updated_at: sql`a.updated_at` };

const COLUMNS = sql`
  a.id, a.customer_id, c.user_name, a.rule_code, a.rule_version, a.severity, a.status, a.outcome,
  ${isoUtc(sql`a.window_start`)} AS window_start, ${isoUtc(sql`a.window_end`)} AS window_end,
  ${isoUtc(sql`a.event_at`)} AS event_at, ${isoUtc(sql`a.raised_at`)} AS raised_at,
  ${isoUtc(sql`a.updated_at`)} AS updated_at, ${staffRef('asg')} AS assignee, a.case_id,
  ${isoUtc(sql`a.closed_at`)} AS closed_at, ${staffRef('cb')} AS closed_by, a.closing_note, a.version`;

const FROM = sql`fraud_alerts a
  JOIN customers c ON c.id = a.customer_id
  LEFT JOIN staff_members asg ON asg.id = a.assignee_id
  LEFT JOIN staff_members cb ON cb.id = a.closed_by`;

/** bigint columns arrive as text. */
const toRow = (row: FraudAlertRow): FraudAlertRow => ({
  ...row,
  id: Number(row.id),
  customer_id: Number(row.customer_id),
  case_id: row.case_id === null ? null : Number(row.case_id),
});

/** The filter as SQL over `fraud_alerts a`; `me` is the member asking. */
export function alertWhere(f: Filters, memberId: number): SQL {
  const conditions: SQL[] = [];
  if (f.rule) conditions.push(sql`a.rule_code = ${f.rule}`);
  if (f.severity) conditions.push(sql`a.severity = ${f.severity}`);
  if (f.status) conditions.push(sql`a.status = ${f.status}`);
  if (f.customer) conditions.push(customerFilter(sql`a.customer_id`, f.customer));
  if (f.assignee === 'none') conditions.push(sql`a.assignee_id IS NULL`);
  else if (f.assignee !== undefined)
    conditions.push(sql`a.assignee_id = ${f.assignee === 'me' ? memberId : f.assignee}`);
  if (f.raised_from) conditions.push(sql`a.raised_at >= ${dayStart(f.raised_from)}`);
  if (f.raised_to) conditions.push(sql`a.raised_at < ${dayEnd(f.raised_to)}`);
  return allOf(conditions);
}

export interface AlertChange {
  status?: string;
  outcome?: string | null;
  closingNote?: string | null;
  closedBy?: number | null;
  assigneeId?: number | null;
  at: Date;
}

/** A whole array as one parameter (drizzle would spread a JS array into a list). */
const pgArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

function setsOf(c: AlertChange): SQL {
  const sets: SQL[] = [sql`updated_at = ${c.at}`, sql`version = version + 1`];
  if (c.status !== undefined) sets.push(sql`status = ${c.status}`);
  if (c.outcome !== undefined) sets.push(sql`outcome = ${c.outcome}`);
  if (c.closingNote !== undefined) sets.push(sql`closing_note = ${c.closingNote}`);
  if (c.closedBy !== undefined) sets.push(sql`closed_by = ${c.closedBy}, closed_at = ${c.at}`);
  if (c.assigneeId !== undefined) sets.push(sql`assignee_id = ${c.assigneeId}`);
  return sql.join(sets, sql`, `);
}

export function createFraudAlertsRepository() {
  return {
    async page(db: DbOrTx, q: PageQuery, memberId: number) {
      const page = await filteredPage<FraudAlertRow>(
        db,
        { columns: COLUMNS, from: FROM, countFrom: sql`fraud_alerts a`, where: alertWhere(q, memberId) },
        { sort: SORT[q.sort], id: sql`a.id`, dir: q.dir },
        q,
      );
      return { ...page, items: page.items.map(toRow) };
    },

    /** The export's query (every page of the filter), streamed by lib/export. */
    exportQuery(filters: Filters, order: { sort: SortKey; dir: 'asc' | 'desc' }, memberId: number) {
      const dir = sql.raw(order.dir);
      const query = sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${alertWhere(filters, memberId)}
        ORDER BY ${SORT[order.sort]} ${dir}, a.id ${dir}`;
      return exportStatement(query);
    },

    async byId(db: DbOrTx, id: number, lock = false): Promise<FraudAlertRow | undefined> {
      const { rows } = await db.execute<FraudAlertRow>(
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = ${id}${lock ? sql` FOR UPDATE OF a` : sql``}`,
      );
      return rows[0] ? toRow(rows[0]) : undefined;
    },

    /** The thresholds and figures stored with the alert, and the rule's setting now. */
    async settings(db: DbOrTx, id: number) {
      const { rows } = await db.execute<{
        params: Record<string, string | number | boolean | null>;
        figures: Record<string, string | number | boolean | null>;
        current: {
          version: number;
          params: Record<string, string | number | boolean | null>;
          severity: FraudSeverity;
          enabled: boolean;
        } | null;
      }>(sql`
        SELECT a.params, a.figures,
          (SELECT json_build_object('version', v.version, 'params', v.params, 'severity', v.severity,
                                    'enabled', v.enabled)
           FROM fraud_rules r JOIN fraud_rule_versions v ON v.rule_code = r.code AND v.version = r.current_version
           WHERE r.code = a.rule_code) AS current
        FROM fraud_alerts a WHERE a.id = ${id}`);
      return rows[0];
    },

    /**
     * The events behind an alert, each resolved to the fields a member reads (amounts as exact
     * decimal text). A screening entry is the screening part's to show: its fields stay empty here.
     */
    async evidence(db: DbOrTx, alertId: number): Promise<FraudEvidence[]> {
      const { rows } = await db.execute<FraudEvidence>(sql`
        SELECT e.kind, e.ref_id,
          CASE e.kind WHEN 'login' THEN ${isoUtc(sql`l.at`)}
            WHEN 'wallet_transaction' THEN ${isoUtc(sql`w.created_at`)}
            WHEN 'p2p_trade' THEN ${isoUtc(sql`p.created_at`)}
            WHEN 'blocklist_entry' THEN ${isoUtc(sql`b.created_at`)} END AS at,
          CASE
            WHEN l.id IS NOT NULL THEN jsonb_build_object('ip', host(l.ip), 'device_id', l.device_id,
              'outcome', l.outcome, 'failure_reason', l.failure_reason)
            WHEN w.id IS NOT NULL THEN jsonb_build_object('type', w.type, 'asset', w.asset,
              'network', w.network, 'amount', trim_scale(w.amount)::text, 'status', w.status,
              'from_address', w.from_address, 'to_address', w.to_address, 'tx_hash', w.tx_hash)
            WHEN p.id IS NOT NULL THEN jsonb_build_object('buyer', p.buyer_user_name,
              'seller', p.offer_seller_user_name, 'contract', p.offer_contract_name,
              'amount', trim_scale(p.trade_amount)::text, 'status', p.status)
            WHEN b.id IS NOT NULL THEN jsonb_build_object('kind', b.kind, 'value', b.value,
              'network', b.network, 'reason', b.reason, 'source', b.source)
            ELSE '{}'::jsonb END AS fields
        FROM fraud_alert_evidence e
        LEFT JOIN customer_login_events l ON e.kind = 'login' AND l.id = e.ref_id
        LEFT JOIN wallet_transactions w ON e.kind = 'wallet_transaction' AND w.id = e.ref_id
        LEFT JOIN p2p_trades p ON e.kind = 'p2p_trade' AND p.id = e.ref_id
        LEFT JOIN fraud_blocklist b ON e.kind = 'blocklist_entry' AND b.id = e.ref_id
        WHERE e.alert_id = ${alertId}
        ORDER BY 3 NULLS LAST, e.kind, e.ref_id
        LIMIT 500`);
      return rows.map((r) => ({ ...r, ref_id: Number(r.ref_id) }));
    },

    async comments(db: DbOrTx, alertId: number): Promise<FraudAlertComment[]> {
      const { rows } = await db.execute<FraudAlertComment>(sql`
        SELECT k.id, json_build_object('id', m.id, 'display_name', m.display_name) AS member, k.body,
          ${isoUtc(sql`k.created_at`)} AS created_at
        FROM fraud_alert_comments k JOIN staff_members m ON m.id = k.member_id
        WHERE k.alert_id = ${alertId} ORDER BY k.created_at, k.id`);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async addComment(tx: DbOrTx, alertId: number, memberId: number, body: string, at: Date) {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO fraud_alert_comments (alert_id, member_id, body, created_at)
        VALUES (${alertId}, ${memberId}, ${body}, ${at}) RETURNING id`);
      return Number(rows[0]!.id);
    },

    async update(tx: DbOrTx, id: number, c: AlertChange): Promise<void> {
      await tx.execute(sql`UPDATE fraud_alerts SET ${setsOf(c)} WHERE id = ${id}`);
    },

    /** An active member who may handle fraud alerts (roles holding `operate`), by id. */
    async handler(db: DbOrTx, memberId: number, roles: readonly string[]) {
      const { rows } = await db.execute<{ id: number; display_name: string }>(sql`
        SELECT id, display_name FROM staff_members
        WHERE id = ${memberId} AND status = 'active' AND roles && ${pgArray(roles)}::text[]`);
      return rows[0];
    },

    async customerExists(db: DbOrTx, id: number): Promise<boolean> {
      const { rows } = await db.execute(sql`SELECT 1 FROM customers WHERE id = ${id}`);
      return rows.length > 0;
    },

    /** The open alerts a bulk action would change, counted. */
    async countOpen(db: DbOrTx, where: SQL): Promise<number> {
      const { rows } = await db.execute<{ n: string }>(
        sql`SELECT count(*) AS n FROM fraud_alerts a WHERE ${where} AND a.status <> 'closed'`,
      );
      return Number(rows[0]!.n);
    },

    /** The same alerts, locked in id order (so two bulk actions at once cannot deadlock). */
    async lockOpen(tx: DbOrTx, where: SQL, limit: number) {
      const { rows } = await tx.execute<{
        id: string;
        customer_id: string;
        assignee: string | null;
        status: string;
      }>(sql`
        SELECT a.id, a.customer_id, asg.display_name AS assignee, a.status
        FROM fraud_alerts a LEFT JOIN staff_members asg ON asg.id = a.assignee_id
        WHERE ${where} AND a.status <> 'closed'
        ORDER BY a.id LIMIT ${limit} FOR UPDATE OF a`);
      return rows.map((r) => ({ ...r, id: Number(r.id), customer_id: Number(r.customer_id) }));
    },

    async updateMany(tx: DbOrTx, ids: number[], c: AlertChange): Promise<void> {
      await tx.execute(sql`UPDATE fraud_alerts SET ${setsOf(c)} WHERE id = ANY(${pgArray(ids)}::bigint[])`);
    },
  };
}
export type FraudAlertsRepository = ReturnType<typeof createFraudAlertsRepository>;
