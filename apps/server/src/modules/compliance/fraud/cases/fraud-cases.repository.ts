import type { fraudApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { customerSearch, isoUtc } from '../../../../db/sql/index.ts';
import { allOf, filteredPage } from '../../../../lib/list-query.ts';

type CaseAlert = fraudApi.CaseAlert;
type CaseReport = fraudApi.CaseReport;
type FraudCase = fraudApi.FraudCase;
type FraudCaseDecision = fraudApi.FraudCaseDecision;

const SORT = { opened_at: sql`fc.opened_at`, follow_up_at: sql`fc.follow_up_at` } as const;

const member = (alias: string) =>
  sql.raw(`CASE WHEN ${alias}.id IS NULL THEN NULL
    ELSE json_build_object('id', ${alias}.id, 'display_name', ${alias}.display_name) END`);

/** Alert figures per case in one pass (the list shows them on every row). */
const ALERT_FIGURES = sql`LEFT JOIN LATERAL (
    SELECT count(*)::int AS alert_count,
           count(*) FILTER (WHERE a.status <> 'closed')::int AS open_alert_count,
           (array_agg(a.severity ORDER BY array_position(ARRAY['low','medium','high','critical'], a.severity) DESC))[1]
             AS top_severity
    FROM fraud_alerts a WHERE a.case_id = fc.id) af ON true`;

const COLUMNS = sql`
  fc.id, fc.customer_id, c.user_name, fc.title, fc.narrative, fc.status, fc.decision,
  ${member('ow')} AS owner, ${isoUtc(sql`fc.follow_up_at`)} AS follow_up_at,
  ${isoUtc(sql`fc.opened_at`)} AS opened_at, ${member('ob')} AS opened_by,
  ${isoUtc(sql`fc.closed_at`)} AS closed_at, ${member('cb')} AS closed_by, fc.closing_note,
  coalesce(af.alert_count, 0) AS alert_count, coalesce(af.open_alert_count, 0) AS open_alert_count,
  af.top_severity, fc.version`;

const FROM = sql`fraud_cases fc
  JOIN customers c ON c.id = fc.customer_id
  LEFT JOIN staff_members ow ON ow.id = fc.owner_id
  LEFT JOIN staff_members ob ON ob.id = fc.opened_by
  LEFT JOIN staff_members cb ON cb.id = fc.closed_by`;

export interface CaseFilters {
  status?: 'open' | 'closed';
  owner?: 'me' | 'none';
  customer?: string;
  customerId?: number;
  due?: 'yes';
}

function where(f: CaseFilters, memberId: number, now: Date): SQL {
  const conditions: SQL[] = [];
  if (f.status) conditions.push(sql`fc.status = ${f.status}`);
  if (f.owner === 'me') conditions.push(sql`fc.owner_id = ${memberId}`);
  if (f.owner === 'none') conditions.push(sql`fc.owner_id IS NULL`);
  if (f.customerId) conditions.push(sql`fc.customer_id = ${f.customerId}`);
  if (f.customer) {
    const id = /^\d{1,15}$/.test(f.customer) ? Number(f.customer) : null;
    const search = customerSearch(sql`c.search_text`, f.customer);
    conditions.push(id ? sql`(fc.customer_id = ${id} OR ${search})` : search);
  }
  if (f.due)
    conditions.push(sql`fc.status = 'open' AND fc.follow_up_at <= ${now.toISOString()}::timestamptz`);
  return allOf(conditions);
}

/** A case's fields as the audit trail records them. */
export type CaseRecord = {
  id: number;
  customer_id: number;
  status: string;
  owner_id: number | null;
  follow_up_at: string | null;
  title: string;
  narrative: string;
  decision: string | null;
  closing_note: string | null;
  version: number;
};

export function createFraudCasesRepository() {
  return {
    async page(
      db: DbOrTx,
      request: CaseFilters & {
        sort: keyof typeof SORT;
        dir: 'asc' | 'desc';
        cursor?: string;
        limit: number;
      },
      memberId: number,
      now: Date,
    ) {
      const sort = SORT[request.sort];
      // A case without a follow-up date sorts last either way (keyset needs a non-null key).
      const key = request.sort === 'follow_up_at' ? sql`coalesce(${sort}, 'infinity'::timestamptz)` : sort;
      return filteredPage<FraudCase>(
        db,
        {
          columns: COLUMNS,
          from: sql`${FROM} ${ALERT_FIGURES}`,
          countFrom: FROM,
          where: where(request, memberId, now),
        },
        { sort: key, id: sql`fc.id`, dir: request.dir },
        request,
      );
    },

    async view(db: DbOrTx, id: number): Promise<FraudCase | undefined> {
      const { rows } = await db.execute<FraudCase>(
        sql`SELECT ${COLUMNS} FROM ${FROM} ${ALERT_FIGURES} WHERE fc.id = ${id}`,
      );
      return rows[0];
    },

    /** The audited fields, locked for the change when `lock`. */
    async record(db: DbOrTx, id: number, lock = false): Promise<CaseRecord | undefined> {
      const { rows } = await db.execute<CaseRecord>(sql`
        SELECT id, customer_id, status, owner_id, ${isoUtc(sql`follow_up_at`)} AS follow_up_at, title,
               narrative, decision, closing_note, version
        FROM fraud_cases WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`);
      return rows[0] && { ...rows[0], id: Number(rows[0].id), customer_id: Number(rows[0].customer_id) };
    },

    /** The customer's open case, locked: the one an "open" joins. */
    async openOf(db: DbOrTx, customerId: number): Promise<number | undefined> {
      const { rows } = await db.execute<{ id: string }>(
        sql`SELECT id FROM fraud_cases WHERE customer_id = ${customerId} AND status = 'open' FOR UPDATE`,
      );
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    /** Inserts the customer's open case, or nothing when another request opened one first. */
    async insert(
      tx: DbOrTx,
      c: { customerId: number; title: string; memberId: number; at: Date },
    ): Promise<number | undefined> {
      const { rows } = await tx.execute<{ id: string }>(sql`
        INSERT INTO fraud_cases (customer_id, title, owner_id, opened_by, opened_at, updated_at)
        VALUES (${c.customerId}, ${c.title}, ${c.memberId}, ${c.memberId}, ${c.at.toISOString()}, ${c.at.toISOString()})
        ON CONFLICT (customer_id) WHERE status = 'open' DO NOTHING
        RETURNING id`);
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    async update(
      tx: DbOrTx,
      id: number,
      set: Partial<{
        title: string;
        narrative: string;
        owner_id: number | null;
        follow_up_at: string | null;
        status: 'open' | 'closed';
        decision: FraudCaseDecision | null;
        closing_note: string | null;
        closed_by: number | null;
        closed_at: string | null;
      }>,
      at: Date,
    ): Promise<void> {
      const assignments = Object.entries(set).map(([column, value]) =>
        column.endsWith('_at')
          ? sql`${sql.identifier(column)} = ${value}::timestamptz`
          : sql`${sql.identifier(column)} = ${value}`,
      );
      await tx.execute(sql`
        UPDATE fraud_cases SET ${sql.join(assignments, sql`, `)}, updated_at = ${at.toISOString()},
          version = version + 1
        WHERE id = ${id}`);
    },

    async event(
      tx: DbOrTx,
      e: { caseId: number; at: Date; memberId: number | null; kind: string; params?: object },
    ): Promise<void> {
      await tx.execute(sql`
        INSERT INTO fraud_case_events (case_id, at, member_id, kind, params)
        VALUES (${e.caseId}, ${e.at.toISOString()}, ${e.memberId}, ${e.kind}, ${JSON.stringify(e.params ?? {})}::jsonb)`);
    },

    /** The alerts among `ids`, locked, with the case each is in. */
    async alerts(
      tx: DbOrTx,
      ids: readonly number[],
    ): Promise<{ id: number; customer_id: number; case_id: number | null }[]> {
      if (!ids.length) return [];
      const { rows } = await tx.execute<{ id: string; customer_id: string; case_id: string | null }>(sql`
        SELECT id, customer_id, case_id FROM fraud_alerts
        WHERE id IN (SELECT unnest(${`{${ids.join(',')}}`}::bigint[]))
        ORDER BY id FOR UPDATE`);
      return rows.map((r) => ({
        id: Number(r.id),
        customer_id: Number(r.customer_id),
        case_id: r.case_id === null ? null : Number(r.case_id),
      }));
    },

    /** A case's alerts not yet closed, locked in id order (as a bulk action locks them). */
    async openCaseAlerts(
      tx: DbOrTx,
      caseId: number,
    ): Promise<{ id: number; customer_id: number; status: string }[]> {
      const { rows } = await tx.execute<{ id: string; customer_id: string; status: string }>(sql`
        SELECT id, customer_id, status FROM fraud_alerts WHERE case_id = ${caseId} AND status <> 'closed'
        ORDER BY id FOR UPDATE`);
      return rows.map((r) => ({ id: Number(r.id), customer_id: Number(r.customer_id), status: r.status }));
    },

    /** Closes alerts with their outcomes and one note (their inbox items resolve by trigger, 0025). */
    async closeAlerts(
      tx: DbOrTx,
      outcomes: readonly { id: number; outcome: string }[],
      close: { note: string; memberId: number; at: Date },
    ): Promise<void> {
      if (!outcomes.length) return;
      await tx.execute(sql`
        UPDATE fraud_alerts a SET status = 'closed', outcome = o.outcome, closing_note = ${close.note},
          closed_by = ${close.memberId}, closed_at = ${close.at.toISOString()},
          updated_at = ${close.at.toISOString()}, version = a.version + 1
        FROM unnest(${`{${outcomes.map((o) => o.id).join(',')}}`}::bigint[],
                    ${`{${outcomes.map((o) => o.outcome).join(',')}}`}::text[]) AS o(id, outcome)
        WHERE a.id = o.id`);
    },

    async setAlertsCase(tx: DbOrTx, ids: readonly number[], caseId: number | null, at: Date): Promise<void> {
      if (!ids.length) return;
      await tx.execute(sql`
        UPDATE fraud_alerts SET case_id = ${caseId}, updated_at = ${at.toISOString()}, version = version + 1
        WHERE id IN (SELECT unnest(${`{${ids.join(',')}}`}::bigint[]))`);
    },

    async caseAlerts(db: DbOrTx, caseId: number): Promise<CaseAlert[]> {
      const { rows } = await db.execute<CaseAlert>(sql`
        SELECT id, rule_code, severity, status, outcome, ${isoUtc(sql`raised_at`)} AS raised_at, figures
        FROM fraud_alerts WHERE case_id = ${caseId} ORDER BY raised_at, id`);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async comment(
      tx: DbOrTx,
      c: { caseId: number; authorId: number; body: string; at: Date },
    ): Promise<number> {
      const { rows } = await tx.execute<{ id: string }>(sql`
        INSERT INTO fraud_case_comments (case_id, author_id, body, created_at)
        VALUES (${c.caseId}, ${c.authorId}, ${c.body}, ${c.at.toISOString()}) RETURNING id`);
      return Number(rows[0]!.id);
    },

    async reports(db: DbOrTx, caseId: number): Promise<CaseReport[]> {
      const { rows } = await db.execute<CaseReport>(sql`
        SELECT r.id, r.file_name, r.size_bytes, r.sha256, ${member('m')} AS created_by,
               ${isoUtc(sql`r.created_at`)} AS created_at
        FROM fraud_case_reports r LEFT JOIN staff_members m ON m.id = r.created_by
        WHERE r.case_id = ${caseId} ORDER BY r.created_at DESC, r.id DESC`);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async report(
      db: DbOrTx,
      id: number,
    ): Promise<(CaseReport & { case_id: number; customer_id: number }) | undefined> {
      const { rows } = await db.execute<CaseReport & { case_id: string; customer_id: string }>(sql`
        SELECT r.id, r.case_id, fc.customer_id, r.file_name, r.size_bytes, r.sha256,
               ${member('m')} AS created_by, ${isoUtc(sql`r.created_at`)} AS created_at
        FROM fraud_case_reports r JOIN fraud_cases fc ON fc.id = r.case_id
        LEFT JOIN staff_members m ON m.id = r.created_by
        WHERE r.id = ${id}`);
      const r = rows[0];
      return r && { ...r, id: Number(r.id), case_id: Number(r.case_id), customer_id: Number(r.customer_id) };
    },

    async insertReport(
      tx: DbOrTx,
      r: { caseId: number; sha256: string; size: number; fileName: string; memberId: number; at: Date },
    ): Promise<number> {
      const { rows } = await tx.execute<{ id: string }>(sql`
        INSERT INTO fraud_case_reports (case_id, sha256, size_bytes, file_name, created_by, created_at)
        VALUES (${r.caseId}, ${r.sha256}, ${r.size}, ${r.fileName}, ${r.memberId}, ${r.at.toISOString()})
        RETURNING id`);
      return Number(rows[0]!.id);
    },

    async memberName(db: DbOrTx, id: number): Promise<string> {
      const { rows } = await db.execute<{ display_name: string }>(
        sql`SELECT display_name FROM staff_members WHERE id = ${id}`,
      );
      return rows[0]?.display_name ?? '';
    },

    async customerExists(db: DbOrTx, id: number): Promise<boolean> {
      const { rows } = await db.execute(sql`SELECT 1 FROM customers WHERE id = ${id}`);
      return rows.length > 0;
    },

    /** Whether the member may own a case: active and holding the `operate` roles. */
    async canOwn(db: DbOrTx, memberId: number, roles: readonly string[]): Promise<boolean> {
      const { rows } = await db.execute(sql`
        SELECT 1 FROM staff_members WHERE id = ${memberId} AND status = 'active'
          AND roles && ${`{${roles.join(',')}}`}::text[]`);
      return rows.length > 0;
    },
  };
}
export type FraudCasesRepository = ReturnType<typeof createFraudCasesRepository>;
