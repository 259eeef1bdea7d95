import {
  type complianceApi,
  KYC_SLA_DEFAULT_HOURS,
  KYC_SLA_DUE_SOON_SHARE,
  type KycCase,
} from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { CUSTOMER_MAPPING, isoUtc } from '../../../db/sql/index.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { allOf } from '../../../lib/list-query.ts';
import { KYC_SLA_KEY } from './kyc-settings.ts';
import { CUSTOMER_NAME, customerFilter, staffRef } from './kyc-sql.ts';

type QueueQuery = z.output<typeof complianceApi.KycQueueQuerySchema>;
type QueueFilters = z.output<typeof complianceApi.KycQueueFiltersSchema>;

/**
 * The review SLA in hours (R39), read by the statement that judges the ages rather than asked for
 * first: every node agrees at once, and a queue page or a claim makes one round trip fewer.
 */
const SLA = sql`make_interval(hours => coalesce(
  (SELECT (s.value)::int FROM app_settings s WHERE s.key = ${KYC_SLA_KEY}), ${KYC_SLA_DEFAULT_HOURS}::int))`;

/** A case is breached when it arrived before the first, due soon up to the second, judged at `now`. */
function thresholds(now: Date) {
  return {
    breachedBefore: sql`(${now}::timestamptz - ${SLA})`,
    dueSoonFrom: sql`(${now}::timestamptz - ${SLA} * ${KYC_SLA_DUE_SOON_SHARE}::float8)`,
  };
}

function caseColumns(now: Date): SQL {
  const { breachedBefore, dueSoonFrom } = thresholds(now);
  return sql`
    k.customer_id, c.user_name, ${CUSTOMER_NAME('c')} AS customer_name,
    ${CUSTOMER_MAPPING.kyc_type_label} AS kyc_type_label, c.kyc_level, k.pending_documents,
    ${isoUtc(sql`k.waiting_since`)} AS waiting_since,
    ${isoUtc(sql`(k.waiting_since + ${SLA})`)} AS due_at,
    CASE WHEN k.waiting_since < ${breachedBefore} THEN 'breached'
         WHEN k.waiting_since <= ${dueSoonFrom} THEN 'due_soon' ELSE 'ok' END AS sla_state,
    ${staffRef('m')} AS assignee, ${isoUtc(sql`k.assigned_at`)} AS assigned_at`;
}

/** Cases from `source` (the table, or the rows a statement just changed) as `k`, with who they concern. */
const caseFrom = (source: SQL) => sql`${source} k JOIN customers c ON c.id = k.customer_id
  LEFT JOIN staff_members m ON m.id = k.assigned_to`;
const CASE_FROM = caseFrom(sql`kyc_cases`);

const toCase = (row: KycCase): KycCase => ({
  ...row,
  customer_id: Number(row.customer_id),
  kyc_level: Number(row.kyc_level),
  pending_documents: Number(row.pending_documents),
});

function where(q: QueueFilters, memberId: number, now: Date): SQL {
  const conditions: SQL[] = [];
  if (q.assignee === 'me') conditions.push(sql`k.assigned_to = ${memberId}`);
  if (q.assignee === 'unassigned') conditions.push(sql`k.assigned_to IS NULL`);
  if (q.assignee === 'assigned') conditions.push(sql`k.assigned_to IS NOT NULL`);
  const { breachedBefore, dueSoonFrom } = thresholds(now);
  if (q.sla === 'breached') conditions.push(sql`k.waiting_since < ${breachedBefore}`);
  if (q.sla === 'due_soon')
    conditions.push(sql`k.waiting_since >= ${breachedBefore} AND k.waiting_since <= ${dueSoonFrom}`);
  if (q.sla === 'ok') conditions.push(sql`k.waiting_since > ${dueSoonFrom}`);
  if (q.customer) conditions.push(customerFilter(sql`k.customer_id`, q.customer));
  return allOf(conditions);
}

export function createKycCasesRepository() {
  return {
    /** One page, oldest first by default; its total is `count`'s, asked apart. */
    async page(db: DbOrTx, q: QueueQuery, memberId: number, now: Date) {
      const filter = where(q, memberId, now);
      type Paged = KycCase & { sort_value: string };
      const page = await keysetPage<Paged>(
        { sort: sql`k.waiting_since`, id: sql`k.customer_id`, dir: q.dir },
        q,
        (row) => [row.sort_value, Number(row.customer_id)],
        async (k) =>
          (
            await db.execute<Paged>(sql`
              SELECT ${caseColumns(now)}, k.waiting_since::text AS sort_value FROM ${CASE_FROM}
              WHERE ${filter}${k.where ? sql` AND ${k.where}` : sql``}
              ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
          ).rows,
      );
      return { ...page, items: page.items.map(({ sort_value: _s, ...row }) => toCase(row)) };
    },

    count: (db: DbOrTx, filters: QueueFilters, memberId: number, now: Date) =>
      boundedCount(db, sql`kyc_cases k WHERE ${where(filters, memberId, now)}`),

    async byCustomer(db: DbOrTx, customerId: number, now: Date): Promise<KycCase | undefined> {
      const { rows } = await db.execute<KycCase>(
        sql`SELECT ${caseColumns(now)} FROM ${CASE_FROM} WHERE k.customer_id = ${customerId}`,
      );
      return rows[0] ? toCase(rows[0]) : undefined;
    },

    /** The case's holder, with the row locked for the change. */
    async lock(tx: DbOrTx, customerId: number): Promise<{ assignedTo: number | null } | undefined> {
      const { rows } = await tx.execute<{ assigned_to: number | null }>(
        sql`SELECT assigned_to FROM kyc_cases WHERE customer_id = ${customerId} FOR UPDATE`,
      );
      return rows[0] ? { assignedTo: rows[0].assigned_to } : undefined;
    },

    /**
     * Claims the oldest unassigned case in one statement: rows another officer is claiming right now
     * are skipped, not waited for, so twenty officers at once get twenty different customers.
     * `audited` is an INSERT over the claimed rows (as `k`, joined to their new holder as `m`) run in
     * the same statement. The claimed case comes back from the claim itself, as the next read would
     * show it.
     */
    claimNextSql(memberId: number, at: Date, audited: (claimed: SQL) => SQL): SQL {
      return sql`
        WITH next AS (
          SELECT customer_id FROM kyc_cases WHERE assigned_to IS NULL
          ORDER BY waiting_since, customer_id LIMIT 1 FOR UPDATE SKIP LOCKED),
        claimed AS (
          UPDATE kyc_cases k SET assigned_to = ${memberId}, assigned_at = ${at}
          FROM next WHERE k.customer_id = next.customer_id
          RETURNING k.*),
        audit AS (${audited(sql`claimed k LEFT JOIN staff_members m ON m.id = k.assigned_to`)})
        SELECT ${caseColumns(at)} FROM ${caseFrom(sql`claimed`)}`;
    },

    toCase,

    async setAssignee(tx: DbOrTx, customerId: number, memberId: number | null, at: Date): Promise<void> {
      await tx.execute(sql`UPDATE kyc_cases SET assigned_to = ${memberId},
        assigned_at = ${memberId === null ? null : at} WHERE customer_id = ${customerId}`);
    },

    /**
     * Brings the customer's case in step with their pending documents: opened by the first, its
     * waiting time that of the oldest, closed with the last. The caller holds the customer's lock.
     */
    async sync(tx: DbOrTx, customerId: number): Promise<void> {
      const { rows } = await tx.execute<{ n: number; since: Date | null }>(sql`
        SELECT count(*)::int AS n, min(uploaded_at) AS since FROM kyc_documents
        WHERE customer_id = ${customerId} AND status = 'pending'`);
      const { n, since } = rows[0]!;
      if (n === 0) {
        await tx.execute(sql`DELETE FROM kyc_cases WHERE customer_id = ${customerId}`);
        return;
      }
      await tx.execute(sql`
        INSERT INTO kyc_cases (customer_id, waiting_since, pending_documents) VALUES (${customerId}, ${since}, ${n})
        ON CONFLICT (customer_id) DO UPDATE
          SET waiting_since = excluded.waiting_since, pending_documents = excluded.pending_documents`);
    },
  };
}
export type KycCasesRepository = ReturnType<typeof createKycCasesRepository>;
