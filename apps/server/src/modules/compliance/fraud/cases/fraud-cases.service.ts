import { type AuditAction, CAPABILITIES, type fraudApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../../db/client.ts';
import type { Jobs } from '../../../../jobs/index.ts';
import { AppError } from '../../../../lib/app-error.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { recordAudit } from '../../../platform/audit/audit.repository.ts';
import type { Actor, Change, Changes } from '../../../platform/audit/changes.ts';
import type { DocumentStore } from '../../../platform/documents/index.ts';
import type { FollowUps } from './follow-up.ts';
import { caseTimeline } from './fraud-case-timeline.ts';
import type { CaseRecord, FraudCasesRepository } from './fraud-cases.repository.ts';
import { sarContent } from './sar-data.ts';
import type { SarLang } from './sar-labels.ts';
import { renderSar } from './sar-pdf.ts';

type UpdateBody = z.output<typeof fraudApi.UpdateFraudCaseBodySchema>;
type CaseReport = fraudApi.CaseReport;
type FraudCase = fraudApi.FraudCase;
type FraudCaseDecision = fraudApi.FraudCaseDecision;
type FraudOutcome = fraudApi.FraudOutcome;

/** Another part's `linkedCustomers` (fraud alerts), when it is there. */
export type LinkedCustomers = (
  db: DbOrTx,
  customerId: number,
) => Promise<{ items: { customer_id: number; user_name: string; links: { kind: string }[] }[] }>;

export interface FraudCasesDeps {
  db: Db;
  linkedCustomers?: LinkedCustomers;
  clock: Clock;
  changes: Changes;
  repo: FraudCasesRepository;
  followUps: FollowUps;
  jobs: Pick<Jobs, 'enqueue'>;
  store: DocumentStore;
}

/** One case's audit row; its customer's history lists it too. */
const caseChange = (
  caseId: number,
  customerId: number,
  action: AuditAction,
  before: Change['before'],
  after: Change['after'],
): Change => ({ entity: 'fraud_case', action, entityId: caseId, customerId, before, after });

/** The audited fields of a case, plus its alerts when they changed. */
const audited = (r: CaseRecord, alertIds?: number[]) => ({
  status: r.status,
  title: r.title,
  narrative: r.narrative,
  owner: r.owner_id,
  follow_up_at: r.follow_up_at,
  decision: r.decision,
  closing_note: r.closing_note,
  ...(alertIds ? { alert_ids: alertIds } : {}),
});

const sameInstant = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

export function createFraudCasesService(deps: FraudCasesDeps) {
  const { db, clock, changes, repo, followUps } = deps;

  async function lockedOpen(tx: DbOrTx, id: number, version?: number): Promise<CaseRecord> {
    const record = await repo.record(tx, id, true);
    if (!record) throw new AppError('FRAUD_CASE_NOT_FOUND');
    if (record.status !== 'open') throw new AppError('FRAUD_CASE_CLOSED');
    if (version !== undefined && record.version !== version) throw new AppError('STALE_EDIT');
    return record;
  }

  async function view(tx: DbOrTx, id: number): Promise<FraudCase> {
    return (await repo.view(tx, id))!;
  }

  /**
   * The alerts among `ids` not yet in case `caseId`: each must be the customer's and in no other case.
   * Locked, so two attaches of one alert to different cases cannot both win.
   */
  async function attachable(tx: DbOrTx, caseId: number | null, customerId: number, ids: readonly number[]) {
    const wanted = [...new Set(ids)];
    const found = await repo.alerts(tx, wanted);
    const byId = new Map(found.map((a) => [a.id, a]));
    for (const id of wanted) {
      const alert = byId.get(id);
      if (!alert || alert.customer_id !== customerId) throw new AppError('FRAUD_CASE_ALERT_INVALID', { id });
      if (alert.case_id !== null && alert.case_id !== caseId)
        throw new AppError('FRAUD_CASE_ALERT_IN_OTHER_CASE', { id, caseId: alert.case_id });
    }
    return found.filter((a) => a.case_id === null).map((a) => a.id);
  }

  /** Attaches in the caller's transaction; the case event and alert bookkeeping, not the audit row. */
  async function attachIn(tx: DbOrTx, record: CaseRecord, ids: readonly number[], memberId: number) {
    const fresh = await attachable(tx, record.id, record.customer_id, ids);
    if (!fresh.length) return fresh;
    const at = clock.now();
    await repo.setAlertsCase(tx, fresh, record.id, at);
    await repo.event(tx, {
      caseId: record.id,
      at,
      memberId,
      kind: 'alerts_attached',
      params: { alerts: fresh.join(', ') },
    });
    return fresh;
  }

  return {
    page: (query: Parameters<FraudCasesRepository['page']>[1], memberId: number) =>
      repo.page(db, query, memberId, clock.now()),

    /** The case's customer's timeline (fraud-case-timeline.ts). */
    async timeline(id: number, limit: number) {
      const { case: c } = await this.detail(id);
      return caseTimeline(db, c.id, c.customer_id, limit);
    },

    /** Customers linked to the case's customer, or null when no part provides the links. */
    async linkedCustomers(id: number) {
      const { case: c } = await this.detail(id);
      return deps.linkedCustomers ? deps.linkedCustomers(db, c.customer_id) : null;
    },

    async detail(id: number) {
      const c = await repo.view(db, id);
      if (!c) throw new AppError('FRAUD_CASE_NOT_FOUND');
      const [alerts, reports] = await Promise.all([repo.caseAlerts(db, id), repo.reports(db, id)]);
      return { case: c, alerts, reports };
    },

    /** Opens the customer's case with these alerts, or joins the open one (one per customer). */
    open(body: { customerId: number; alertIds: number[]; title?: string }, actor: Actor) {
      return changes.run(actor, async (tx) => {
        if (!(await repo.customerExists(tx, body.customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        const at = clock.now();
        let caseId = await repo.openOf(tx, body.customerId);
        const joined = caseId !== undefined;
        if (caseId === undefined) {
          // Checked before the insert, so a refused alert leaves no empty case behind.
          await attachable(tx, null, body.customerId, body.alertIds);
          caseId = await repo.insert(tx, {
            customerId: body.customerId,
            title: body.title ?? '',
            memberId: actor.memberId,
            at,
          });
          // Another request opened it between our look and our insert: join that one.
          caseId ??= (await repo.openOf(tx, body.customerId))!;
          await repo.event(tx, { caseId, at, memberId: actor.memberId, kind: 'opened' });
        }
        const record = (await repo.record(tx, caseId, true))!;
        const attached = await attachIn(tx, record, body.alertIds, actor.memberId);
        const result = { case: await view(tx, caseId), joined };
        if (joined && !attached.length) return { result, change: null };
        return {
          result,
          change: joined
            ? caseChange(caseId, body.customerId, 'attach_alerts', { alert_ids: [] }, { alert_ids: attached })
            : caseChange(caseId, body.customerId, 'create', null, audited(record, attached)),
        };
      });
    },

    attach(body: { caseId: number; alertIds: number[] }, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const record = await lockedOpen(tx, body.caseId);
        const attached = await attachIn(tx, record, body.alertIds, actor.memberId);
        const result = { case: await view(tx, record.id), attached: attached.length };
        return {
          result,
          change: attached.length
            ? caseChange(
                record.id,
                record.customer_id,
                'attach_alerts',
                { alert_ids: [] },
                { alert_ids: attached },
              )
            : null,
        };
      });
    },

    detach(body: { caseId: number; alertIds: number[] }, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const record = await lockedOpen(tx, body.caseId);
        const ids = [...new Set(body.alertIds)];
        const found = new Map((await repo.alerts(tx, ids)).map((a) => [a.id, a]));
        for (const id of ids)
          if (found.get(id)?.case_id !== record.id)
            throw new AppError('FRAUD_CASE_ALERT_NOT_IN_CASE', { id });
        const at = clock.now();
        await repo.setAlertsCase(tx, ids, null, at);
        await repo.event(tx, {
          caseId: record.id,
          at,
          memberId: actor.memberId,
          kind: 'alerts_detached',
          params: { alerts: ids.join(', ') },
        });
        return {
          result: { case: await view(tx, record.id), detached: ids.length },
          change: caseChange(
            record.id,
            record.customer_id,
            'detach_alerts',
            { alert_ids: ids },
            { alert_ids: [] },
          ),
        };
      });
    },

    /** For the alerts' bulk action: attaches in the caller's transaction, with the case's audit row. */
    async attachAlertsToCase(
      tx: Tx,
      caseId: number,
      alertIds: readonly number[],
      actor: Actor,
    ): Promise<void> {
      const record = await lockedOpen(tx, caseId);
      const attached = await attachIn(tx, record, alertIds, actor.memberId);
      if (attached.length)
        await recordAudit(tx, {
          memberId: actor.memberId,
          requestId: actor.requestId,
          action: 'attach_alerts',
          entity: 'fraud_case',
          entityId: caseId,
          customerId: record.customer_id,
          before: { alert_ids: [] },
          after: { alert_ids: attached },
        });
    },

    update(body: UpdateBody, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await lockedOpen(tx, body.id, body.version);
        const set: Parameters<FraudCasesRepository['update']>[2] = {};
        if (body.title !== undefined && body.title !== before.title) set.title = body.title;
        if (body.narrative !== undefined && body.narrative !== before.narrative)
          set.narrative = body.narrative;
        if (body.ownerId !== undefined && body.ownerId !== before.owner_id) {
          if (body.ownerId !== null && !(await repo.canOwn(tx, body.ownerId, CAPABILITIES.operate)))
            throw new AppError('FRAUD_CASE_OWNER_INVALID');
          set.owner_id = body.ownerId;
        }
        const followUp =
          body.followUpAt === undefined
            ? undefined
            : body.followUpAt === null
              ? null
              : new Date(body.followUpAt);
        if (followUp !== undefined && !sameInstant(followUp?.toISOString() ?? null, before.follow_up_at)) {
          if (followUp && followUp <= clock.now()) throw new AppError('FRAUD_CASE_FOLLOW_UP_PAST');
          set.follow_up_at = followUp ? followUp.toISOString() : null;
        }
        if (!Object.keys(set).length) return { result: { case: await view(tx, body.id) }, change: null };

        const at = clock.now();
        await repo.update(tx, body.id, set, at);
        const event = (kind: 'owner' | 'follow_up', params: Record<string, unknown>) =>
          repo.event(tx, { caseId: body.id, at, memberId: actor.memberId, kind, params });
        if ('owner_id' in set) await event('owner', { owner: set.owner_id ?? null });
        if ('follow_up_at' in set) await event('follow_up', { follow_up_at: set.follow_up_at ?? null });
        if ('owner_id' in set || 'follow_up_at' in set) {
          // The item belonged to the old owner or the old date: resolve it, then reopen if due now.
          await followUps.resolve(tx, body.id);
          if (set.follow_up_at) await followUps.schedule(tx, deps.jobs, body.id, new Date(set.follow_up_at));
          else await followUps.due(body.id, tx);
        }
        const after = (await repo.record(tx, body.id))!;
        return {
          result: { case: await view(tx, body.id) },
          change: caseChange(body.id, before.customer_id, 'update', audited(before), audited(after)),
        };
      });
    },

    comment(body: { id: number; body: string }, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const record = await repo.record(tx, body.id);
        if (!record) throw new AppError('FRAUD_CASE_NOT_FOUND');
        const id = await repo.comment(tx, {
          caseId: body.id,
          authorId: actor.memberId,
          body: body.body,
          at: clock.now(),
        });
        return {
          result: { id },
          change: caseChange(body.id, record.customer_id, 'add_note', null, { comment: body.body }),
        };
      });
    },

    close(
      body: {
        id: number;
        version: number;
        decision: FraudCaseDecision;
        note: string;
        alert_outcome?: FraudOutcome;
        alert_outcomes?: { id: number; outcome: FraudOutcome }[];
      },
      actor: Actor,
    ) {
      return changes.run(actor, async (tx) => {
        const before = await lockedOpen(tx, body.id, body.version);
        const at = clock.now();
        // A case that closes closes its work: its open alerts leave the alert queue and the rules'
        // open figures with the outcome the member gave, each audited on the alert's history.
        const open = await repo.openCaseAlerts(tx, body.id);
        const own = new Map((body.alert_outcomes ?? []).map((o) => [o.id, o.outcome]));
        const outcomes = open.map((a) => ({ ...a, outcome: own.get(a.id) ?? body.alert_outcome }));
        const known = new Set(open.map((a) => a.id));
        if (outcomes.some((o) => !o.outcome) || [...own.keys()].some((id) => !known.has(id)))
          throw new AppError('FRAUD_CASE_ALERT_OUTCOMES', { count: open.length });
        await repo.closeAlerts(tx, outcomes as { id: number; outcome: FraudOutcome }[], {
          note: body.note,
          memberId: actor.memberId,
          at,
        });
        for (const alert of outcomes)
          await recordAudit(tx, {
            memberId: actor.memberId,
            requestId: actor.requestId,
            action: 'close',
            entity: 'fraud_alert',
            entityId: alert.id,
            customerId: alert.customer_id,
            before: { status: alert.status, outcome: null, closing_note: null },
            after: { status: 'closed', outcome: alert.outcome, closing_note: body.note },
          });
        await repo.update(
          tx,
          body.id,
          {
            status: 'closed',
            decision: body.decision,
            closing_note: body.note,
            closed_by: actor.memberId,
            closed_at: at.toISOString(),
          },
          at,
        );
        await repo.event(tx, {
          caseId: body.id,
          at,
          memberId: actor.memberId,
          kind: 'closed',
          params: { decision: body.decision },
        });
        await followUps.resolve(tx, body.id);
        const after = (await repo.record(tx, body.id))!;
        return {
          result: { case: await view(tx, body.id) },
          change: caseChange(body.id, before.customer_id, 'close', audited(before), audited(after)),
        };
      });
    },

    /**
     * A closed case back to work: the reason goes on its timeline and into the audit trail, and the
     * closing decision is cleared; its alerts keep the outcomes they were closed with.
     */
    reopen(body: { id: number; version: number; reason: string }, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await repo.record(tx, body.id, true);
        if (!before) throw new AppError('FRAUD_CASE_NOT_FOUND');
        if (before.status !== 'closed') throw new AppError('FRAUD_CASE_NOT_CLOSED');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        const other = await repo.openOf(tx, before.customer_id);
        if (other !== undefined) throw new AppError('FRAUD_CASE_OTHER_OPEN', { id: other });
        const at = clock.now();
        await repo.update(
          tx,
          body.id,
          { status: 'open', decision: null, closing_note: null, closed_by: null, closed_at: null },
          at,
        );
        await repo.event(tx, {
          caseId: body.id,
          at,
          memberId: actor.memberId,
          kind: 'reopened',
          params: { reason: body.reason },
        });
        const after = (await repo.record(tx, body.id))!;
        return {
          result: { case: await view(tx, body.id) },
          change: caseChange(body.id, before.customer_id, 'reopen', audited(before), {
            ...audited(after),
            reason: body.reason,
          }),
        };
      });
    },

    /**
     * Renders the report draft, stores it in the KYC file store (by its hash, so storing before the
     * transaction is harmless: a rolled-back draft leaves only unreferenced bytes) and records it.
     */
    async draftReport(body: { id: number; lang: SarLang }, actor: Actor): Promise<CaseReport> {
      const record = await repo.record(db, body.id);
      if (!record) throw new AppError('FRAUD_CASE_NOT_FOUND');
      const at = clock.now();
      const content = await sarContent(db, body.id, deps.linkedCustomers);
      const bytes = await renderSar(
        { ...content, generatedAt: at, generatedBy: await repo.memberName(db, actor.memberId) },
        body.lang,
      );
      const stored = await deps.store.putBytes(bytes, 'application/pdf');
      const stamp = at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const fileName = `sar-draft-case-${body.id}-${stamp}.pdf`;
      return changes.run(actor, async (tx) => {
        const reportId = await repo.insertReport(tx, {
          caseId: body.id,
          sha256: stored.sha256,
          size: stored.size,
          fileName,
          memberId: actor.memberId,
          at,
        });
        await repo.event(tx, {
          caseId: body.id,
          at,
          memberId: actor.memberId,
          kind: 'report',
          params: { report_id: reportId },
        });
        const report = (await repo.report(tx, reportId))!;
        return {
          result: {
            id: report.id,
            file_name: report.file_name,
            size_bytes: report.size_bytes,
            sha256: report.sha256,
            created_by: report.created_by,
            created_at: report.created_at,
          },
          change: caseChange(body.id, record.customer_id, 'draft_report', null, {
            report_id: reportId,
            file_name: fileName,
            sha256: stored.sha256,
          }),
        };
      });
    },

    /** A draft taken out: audited before the bytes leave (an attempt on a missing file too). */
    recordDownload(reportId: number, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const report = await repo.report(tx, reportId);
        if (!report) throw new AppError('FRAUD_CASE_REPORT_NOT_FOUND');
        return {
          result: report,
          change: caseChange(report.case_id, report.customer_id, 'download', null, {
            report_id: report.id,
            file_name: report.file_name,
            sha256: report.sha256,
          }),
        };
      });
    },
  };
}
export type FraudCasesService = ReturnType<typeof createFraudCasesService>;
