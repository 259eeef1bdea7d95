import {
  type ComplianceOverview,
  type FraudQueueFigure,
  KYC_SLA_DUE_SOON_SHARE,
  type OfficerDecisions,
  type QueueFigure,
} from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
}

type Figures = {
  open: number;
  unassigned: number;
  oldest_since: string | null;
  due_soon: number;
  breached: number;
};
const numbers = (f: Figures): QueueFigure => ({
  open: Number(f.open),
  unassigned: Number(f.unassigned),
  oldest_since: f.oldest_since,
  due_soon: Number(f.due_soon),
  breached: Number(f.breached),
});

/**
 * The compliance overview's figures. Cases are one row per waiting customer; document counts come
 * from the cases' pending counts, and their SLA figures from the pending documents' upload times.
 */
export async function complianceOverview(
  db: DbOrTx,
  now: Date,
  slaHours: number,
): Promise<ComplianceOverview> {
  const slaMs = slaHours * 3_600_000;
  const breachedBefore = new Date(now.getTime() - slaMs);
  const dueSoonFrom = new Date(now.getTime() - slaMs * KYC_SLA_DUE_SOON_SHARE);
  const week = weekStart(now);
  const [cases, docs, officers, fraud] = await Promise.all([
    db.execute<Figures>(sql`
      SELECT count(*)::int AS open, count(*) FILTER (WHERE assigned_to IS NULL)::int AS unassigned,
             ${isoUtc(sql`min(waiting_since)`)} AS oldest_since,
             count(*) FILTER (WHERE waiting_since >= ${breachedBefore} AND waiting_since <= ${dueSoonFrom})::int AS due_soon,
             count(*) FILTER (WHERE waiting_since < ${breachedBefore})::int AS breached
      FROM kyc_cases`),
    db.execute<Figures>(sql`
      SELECT coalesce(sum(pending_documents), 0)::int AS open,
             coalesce(sum(pending_documents) FILTER (WHERE assigned_to IS NULL), 0)::int AS unassigned,
             ${isoUtc(sql`min(waiting_since)`)} AS oldest_since,
             (SELECT count(*)::int FROM kyc_documents WHERE status = 'pending'
                AND uploaded_at >= ${breachedBefore} AND uploaded_at <= ${dueSoonFrom}) AS due_soon,
             (SELECT count(*)::int FROM kyc_documents WHERE status = 'pending' AND uploaded_at < ${breachedBefore}) AS breached
      FROM kyc_cases`),
    db.execute<OfficerDecisions['member'] & Omit<OfficerDecisions, 'member'>>(sql`
      WITH decided AS (
        SELECT member_id, decision FROM kyc_document_decisions WHERE at >= ${week} AND member_id IS NOT NULL
        UNION ALL
        SELECT member_id, 'level' FROM kyc_decisions WHERE at >= ${week} AND member_id IS NOT NULL)
      SELECT m.id, m.display_name,
             count(*) FILTER (WHERE decision = 'approved')::int AS approved,
             count(*) FILTER (WHERE decision = 'rejected')::int AS rejected,
             count(*) FILTER (WHERE decision = 'resubmission_requested')::int AS resubmission_requested,
             count(*) FILTER (WHERE decision = 'level')::int AS levels,
             count(*)::int AS total
      FROM decided JOIN staff_members m ON m.id = decided.member_id
      GROUP BY m.id, m.display_name ORDER BY total DESC, m.display_name`),
    db.execute<FraudQueueFigure>(sql`
      SELECT count(*)::int AS open, count(*) FILTER (WHERE assignee_id IS NULL)::int AS unassigned,
             count(*) FILTER (WHERE severity IN ('high', 'critical'))::int AS high,
             ${isoUtc(sql`min(raised_at)`)} AS oldest_since
      FROM fraud_alerts WHERE status <> 'closed'`),
  ]);
  const f = fraud.rows[0]!;
  return {
    sla_hours: slaHours,
    kyc_cases: numbers(cases.rows[0]!),
    kyc_documents: numbers(docs.rows[0]!),
    fraud_alerts: {
      open: Number(f.open),
      unassigned: Number(f.unassigned),
      high: Number(f.high),
      oldest_since: f.oldest_since,
    },
    week_starts_at: week.toISOString(),
    decisions_this_week: officers.rows.map(({ id, display_name, ...counts }) => ({
      member: { id: Number(id), display_name },
      approved: Number(counts.approved),
      rejected: Number(counts.rejected),
      resubmission_requested: Number(counts.resubmission_requested),
      levels: Number(counts.levels),
      total: Number(counts.total),
    })),
  };
}
