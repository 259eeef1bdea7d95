import {
  type AuditAction,
  CAPABILITIES,
  canMoveAlert,
  type FraudAlertStatus,
  fraudApi,
} from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../../../db/client.ts';
import { auditLog } from '../../../../db/schema.ts';
import { AppError } from '../../../../lib/app-error.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { runInRequestTransaction } from '../../../../lib/request-transaction.ts';
import type { RestrictionsService } from '../../../crm/index.ts';
import type { Actor, Change, Changes } from '../../../platform/audit/changes.ts';
import type { BulkGate } from '../../../platform/bulk/bulk.module.ts';
import { alertWhere, type FraudAlertsRepository } from './fraud-alerts.repository.ts';
import { linkedCustomers } from './linked-customers.ts';

type Body<K extends keyof typeof fraudApi> = (typeof fraudApi)[K] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : never;

type FraudAlertRow = fraudApi.FraudAlertRow;

/** The cases part's attach (app.ts passes it in). */
export type AttachAlertsToCase = (tx: Tx, caseId: number, alertIds: number[], actor: Actor) => Promise<void>;

/** What the audit trail keeps of an alert's workflow. */
const workflowOf = (a: FraudAlertRow) => ({
  status: a.status,
  outcome: a.outcome,
  closing_note: a.closing_note,
});
const assigneeOf = (a: Pick<FraudAlertRow, 'assignee'>) => ({ assignee: a.assignee?.display_name ?? null });

/** One alert's audit row; its customer's history lists it too. */
const alertChange = (
  alert: Pick<FraudAlertRow, 'id' | 'customer_id'>,
  action: AuditAction,
  before: Change['before'],
  after: Change['after'],
): Change => ({
  entity: 'fraud_alert',
  action,
  entityId: alert.id,
  customerId: alert.customer_id,
  before,
  after,
});

/** The four-eyes kind a bulk action over the threshold becomes. */
export const FRAUD_ALERTS_BULK = 'fraud_alerts_bulk';

/** What a bulk action does, as stored on its four-eyes request (plain JSON). */
type BulkParams =
  | { action: 'assign'; assignee_id: number | null }
  | { action: 'close_false_positive'; note: string }
  | { action: 'attach_case'; case_id: number };

function paramsOf(body: Body<'bulkFraudAlerts'>): BulkParams {
  if (body.action === 'assign') return { action: 'assign', assignee_id: body.assignee_id ?? null };
  if (body.action === 'close_false_positive') return { action: 'close_false_positive', note: body.note! };
  return { action: 'attach_case', case_id: body.case_id! };
}

interface BulkResult {
  count: number;
  applied: boolean;
  needs_approval: boolean;
  approval_id: number | null;
}

type LockedAlert = Awaited<ReturnType<FraudAlertsRepository['lockOpen']>>[number];

/** Audit rows written per statement in a bulk action. */
const AUDIT_CHUNK = 1000;

export function createFraudAlertsService(deps: {
  db: Db;
  clock: Clock;
  repo: FraudAlertsRepository;
  changes: Changes;
  restrictions: RestrictionsService;
  attachToCase: AttachAlertsToCase;
  bulkGate: BulkGate;
}) {
  const { db, clock, repo, changes } = deps;

  async function locked(tx: Tx, id: number, version?: number): Promise<FraudAlertRow> {
    const alert = await repo.byId(tx, id, true);
    if (!alert) throw new AppError('FRAUD_ALERT_NOT_FOUND');
    if (version !== undefined && alert.version !== version) throw new AppError('STALE_EDIT');
    return alert;
  }

  async function handlerOf(tx: Tx, memberId: number) {
    const member = await repo.handler(tx, memberId, CAPABILITIES.operate);
    if (!member) throw new AppError('FRAUD_ASSIGNEE_INVALID');
    return member;
  }

  /** The action-specific condition: alerts the action would not change are never counted. */
  function narrow(where: SQL, p: BulkParams): SQL {
    if (p.action === 'assign')
      return sql`${where} AND a.assignee_id IS DISTINCT FROM ${p.assignee_id}::integer`;
    if (p.action === 'attach_case') return sql`${where} AND a.case_id IS DISTINCT FROM ${p.case_id}::bigint`;
    return where;
  }

  /** Changes locked open alerts, with one audit row each (or the case's own rows for an attach). */
  async function act(tx: Tx, targets: LockedAlert[], p: BulkParams, actor: Actor): Promise<void> {
    const ids = targets.map((a) => a.id);
    if (ids.length === 0) return;
    if (p.action === 'attach_case') return deps.attachToCase(tx, p.case_id, ids, actor);
    const at = clock.now();
    const assignee = p.action === 'assign' && p.assignee_id ? await handlerOf(tx, p.assignee_id) : undefined;
    await repo.updateMany(
      tx,
      ids,
      p.action === 'assign'
        ? { assigneeId: p.assignee_id, at }
        : { status: 'closed', outcome: 'false_positive', closingNote: p.note, closedBy: actor.memberId, at },
    );
    const rows = targets.map((a) => ({
      memberId: actor.memberId,
      requestId: actor.requestId,
      entity: 'fraud_alert',
      entityId: String(a.id),
      customerId: a.customer_id,
      ...(p.action === 'assign'
        ? {
            action: assignee ? 'assign' : 'unassign',
            before: { assignee: a.assignee },
            after: { assignee: assignee?.display_name ?? null },
          }
        : {
            action: 'close',
            before: { status: a.status, outcome: null, closing_note: null },
            after: { status: 'closed', outcome: 'false_positive', closing_note: p.note },
          }),
    }));
    for (let i = 0; i < rows.length; i += AUDIT_CHUNK)
      await tx.insert(auditLog).values(rows.slice(i, i + AUDIT_CHUNK));
  }

  // A second member's approval acts on the frozen ids that are still open and still differ.
  deps.bulkGate.register(FRAUD_ALERTS_BULK, {
    entity: 'fraud_alert',
    apply: async (tx, ids, stored, actor) => {
      const p = stored as BulkParams;
      if (p.action === 'assign' && p.assignee_id) await handlerOf(tx, p.assignee_id);
      const targets = await repo.lockOpen(
        tx,
        narrow(sql`a.id = ANY(${`{${ids.join(',')}}`}::bigint[])`, p),
        ids.length,
      );
      await act(tx, targets, p, actor);
      return targets.map((a) => a.id);
    },
  });

  return {
    list: (query: z.output<typeof fraudApi.FraudAlertsQuerySchema>, memberId: number, read: Db = db) =>
      repo.page(read, query, memberId),

    exportQuery: repo.exportQuery,

    async detail(id: number) {
      const alert = await repo.byId(db, id);
      if (!alert) throw new AppError('FRAUD_ALERT_NOT_FOUND');
      const [settings, evidence, comments] = await Promise.all([
        repo.settings(db, id),
        repo.evidence(db, id),
        repo.comments(db, id),
      ]);
      return {
        alert,
        params: settings?.params ?? {},
        figures: settings?.figures ?? {},
        current: settings?.current ?? null,
        evidence,
        comments,
      };
    },

    /** open → investigating → escalated → closed; closing takes an outcome and a note (R50). */
    move(body: Body<'moveFraudAlert'>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await locked(tx, body.id, body.version);
        if (!canMoveAlert(before.status, body.status as FraudAlertStatus))
          throw new AppError('FRAUD_ALERT_TRANSITION', { from: before.status, to: body.status });
        const closing = body.status === 'closed';
        await repo.update(tx, body.id, {
          status: body.status,
          at: clock.now(),
          ...(closing ? { outcome: body.outcome!, closingNote: body.note!, closedBy: actor.memberId } : {}),
        });
        const after = (await repo.byId(tx, body.id))!;
        return {
          result: after,
          change: alertChange(
            after,
            closing ? 'close' : 'move_status',
            workflowOf(before),
            workflowOf(after),
          ),
        };
      });
    },

    /** To a member who may handle alerts, or to nobody; a closed alert stays as it was closed. */
    assign(body: Body<'assignFraudAlert'>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await locked(tx, body.id, body.version);
        if (before.status === 'closed') throw new AppError('FRAUD_ALERT_CLOSED');
        if (body.assignee_id !== null) await handlerOf(tx, body.assignee_id);
        if ((before.assignee?.id ?? null) === body.assignee_id) return { result: before, change: null };
        await repo.update(tx, body.id, { assigneeId: body.assignee_id, at: clock.now() });
        const after = (await repo.byId(tx, body.id))!;
        return {
          result: after,
          change: alertChange(
            after,
            body.assignee_id === null ? 'unassign' : 'assign',
            assigneeOf(before),
            assigneeOf(after),
          ),
        };
      });
    },

    /** A comment is part of the alert's history; it does not change the alert (no new version). */
    comment(body: Body<'commentFraudAlert'>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const alert = await locked(tx, body.id);
        const id = await repo.addComment(tx, body.id, actor.memberId, body.body, clock.now());
        const comment = (await repo.comments(tx, body.id)).find((c) => c.id === id)!;
        return {
          result: comment,
          change: alertChange(alert, 'add_note', null, { note: body.body }),
        };
      });
    },

    /**
     * Restricts the alert's customer through the restrictions page's own service (its overlap rule,
     * its audit row) and records it on the alert's history, both in one transaction.
     */
    restrict(body: Body<'restrictFromFraudAlert'>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const alert = await locked(tx, body.id);
        const restriction = await runInRequestTransaction(tx, () =>
          deps.restrictions.add(
            {
              customerId: alert.customer_id,
              kind: body.kind,
              reason: body.reason,
              ...(body.endsAt ? { endsAt: body.endsAt } : {}),
            },
            actor,
          ),
        );
        return {
          result: restriction.id,
          change: alertChange(alert, 'restrict_customer', null, {
            restriction_id: restriction.id,
            restriction_kind: body.kind,
            reason: body.reason,
          }),
        };
      });
    },

    async linked(customerId: number) {
      if (!(await repo.customerExists(db, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
      return linkedCustomers(db, customerId);
    },

    /**
     * One action over every open alert a filter matches, not the visible page: a dry run counts
     * them; applying locks them, refuses when the count is no longer the one confirmed, and changes
     * them in one transaction with one audit row per alert (R53). Above the bulk threshold the locked
     * ids become a four-eyes request instead (platform/bulk), applied only when a second member approves.
     */
    bulk(body: Body<'bulkFraudAlerts'>, actor: Actor) {
      return changes.run<BulkResult>(actor, async (tx) => {
        const params = paramsOf(body);
        if (params.action === 'assign' && params.assignee_id) await handlerOf(tx, params.assignee_id);
        const where = narrow(alertWhere(body.filter, actor.memberId), params);
        const count = await repo.countOpen(tx, where);
        if (count > fraudApi.FRAUD_BULK_MAX)
          throw new AppError('FRAUD_BULK_TOO_MANY', { count, max: fraudApi.FRAUD_BULK_MAX });
        if (body.dry_run) {
          const needs_approval = await deps.bulkGate.needsApproval(tx, count);
          return { result: { count, applied: false, needs_approval, approval_id: null }, change: null };
        }

        const targets = await repo.lockOpen(tx, where, fraudApi.FRAUD_BULK_MAX + 1);
        if (targets.length !== body.expected)
          throw new AppError('FRAUD_BULK_CHANGED', { count: targets.length, expected: body.expected! });
        const held = await deps.bulkGate.hold(tx, actor, {
          kind: FRAUD_ALERTS_BULK,
          action: params.action,
          ids: targets.map((a) => a.id),
          params,
          typedCount: body.typed_count,
          reason: body.reason,
        });
        if (held.held)
          return {
            result: { count, applied: false, needs_approval: true, approval_id: held.approvalId },
            change: held.change,
          };
        await act(tx, targets, params, actor);
        return { result: { count, applied: true, needs_approval: false, approval_id: null }, change: null };
      });
    },
  };
}
export type FraudAlertsService = ReturnType<typeof createFraudAlertsService>;
