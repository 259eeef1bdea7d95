import { type complianceApi, KYC_SLA_DUE_SOON_SHARE, type KycCase } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { boundedCount } from '../../lib/bounded-count.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { allOf } from '../../lib/list-query.ts';
import { CUSTOMER_MAPPING, isoUtc } from '../customers/customer-sql.ts';
import { CUSTOMER_NAME, customerFilter, EXACT_TOTAL_UP_TO, staffRef } from './kyc-sql.ts';

type QueueQuery = z.output<typeof complianceApi.KycQueueQuerySchema>;

/** The moment and SLA a case's age is judged against (R39). */
export interface SlaClock {
  now: Date;
  slaHours: number;
}

/** A case is breached when it arrived before this, due soon before the second (slaStateOf). */
function thresholds({ now, slaHours }: SlaClock) {
  const slaMs = slaHours * 3_600_000;
  return {
    breachedBefore: new Date(now.getTime() - slaMs),
    dueSoonFrom: new Date(now.getTime() - slaMs * KYC_SLA_DUE_SOON_SHARE),
  };
}

function caseColumns(clock: SlaClock): SQL {
  const { breachedBefore, dueSoonFrom } = thresholds(clock);
  return sql`
    k.customer_id, c.user_name, ${CUSTOMER_NAME('c')} AS customer_name,
    ${CUSTOMER_MAPPING.kyc_type_label} AS kyc_type_label, c.kyc_level, k.pending_documents,
    ${isoUtc(sql`k.waiting_since`)} AS waiting_since,
    ${isoUtc(sql`(k.waiting_since + make_interval(hours => ${clock.slaHours}::int))`)} AS due_at,
    CASE WHEN k.waiting_since < ${breachedBefore} THEN 'breached'
         WHEN k.waiting_since <= ${dueSoonFrom} THEN 'due_soon' ELSE 'ok' END AS sla_state,
    ${staffRef('m')} AS assignee, ${isoUtc(sql`k.assigned_at`)} AS assigned_at`;
}

const CASE_FROM = sql`kyc_cases k JOIN customers c ON c.id = k.customer_id
  LEFT JOIN staff_members m ON m.id = k.assigned_to`;

const toCase = (row: KycCase): KycCase => ({
  ...row,
  customer_id: Number(row.customer_id),
  kyc_level: Number(row.kyc_level),
  pending_documents: Number(row.pending_documents),
});

function where(q: QueueQuery, memberId: number, clock: SlaClock): SQL {
  const conditions: SQL[] = [];
  if (q.assignee === 'me') conditions.push(sql`k.assigned_to = ${memberId}`);
  if (q.assignee === 'unassigned') conditions.push(sql`k.assigned_to IS NULL`);
  if (q.assignee === 'assigned') conditions.push(sql`k.assigned_to IS NOT NULL`);
  const { breachedBefore, dueSoonFrom } = thresholds(clock);
  if (q.sla === 'breached') conditions.push(sql`k.waiting_since < ${breachedBefore}`);
  if (q.sla === 'due_soon')
    conditions.push(sql`k.waiting_since >= ${breachedBefore} AND k.waiting_since <= ${dueSoonFrom}`);
  if (q.sla === 'ok') conditions.push(sql`k.waiting_since > ${dueSoonFrom}`);
  if (q.customer) conditions.push(customerFilter(sql`k.customer_id`, q.customer));
  return allOf(conditions);
}

export function createKycCasesRepository() {
  return {
    async page(db: DbOrTx, q: QueueQuery, memberId: number, clock: SlaClock) {
      const filter = where(q, memberId, clock);
      type Paged = KycCase & { sort_value: string };
      const [page, total] = await Promise.all([
        keysetPage<Paged>(
          { sort: sql`k.waiting_since`, id: sql`k.customer_id`, dir: q.dir },
          q,
          (row) => [row.sort_value, Number(row.customer_id)],
          async (k) =>
            (
              await db.execute<Paged>(sql`
                SELECT ${caseColumns(clock)}, k.waiting_since::text AS sort_value FROM ${CASE_FROM}
                WHERE ${filter}${k.where ? sql` AND ${k.where}` : sql``}
                ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
            ).rows,
        ),
        boundedCount(db, sql`kyc_cases k WHERE ${filter}`, { limit: EXACT_TOTAL_UP_TO }),
      ]);
      return { ...page, items: page.items.map(({ sort_value: _s, ...row }) => toCase(row)), total };
    },

    async byCustomer(db: DbOrTx, customerId: number, clock: SlaClock): Promise<KycCase | undefined> {
      const { rows } = await db.execute<KycCase>(
        sql`SELECT ${caseColumns(clock)} FROM ${CASE_FROM} WHERE k.customer_id = ${customerId}`,
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
     */
    async claimNext(tx: DbOrTx, memberId: number, at: Date): Promise<number | undefined> {
      const { rows } = await tx.execute<{ customer_id: number }>(sql`
        WITH next AS (
          SELECT customer_id FROM kyc_cases WHERE assigned_to IS NULL
          ORDER BY waiting_since, customer_id LIMIT 1 FOR UPDATE SKIP LOCKED)
        UPDATE kyc_cases k SET assigned_to = ${memberId}, assigned_at = ${at}
        FROM next WHERE k.customer_id = next.customer_id
        RETURNING k.customer_id`);
      return rows[0] ? Number(rows[0].customer_id) : undefined;
    },

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
