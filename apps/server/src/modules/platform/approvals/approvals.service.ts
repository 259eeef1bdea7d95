import type { ApprovalRequest, AuditEntity, approvalsApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { outsideRequestTransaction, requestTransaction } from '../../../lib/request-transaction.ts';
import type { Actor, Change, ChangeOutcome, Changes } from '../audit/changes.ts';
import type { ApprovalRow, ApprovalsRepository, Decision } from './approvals.repository.ts';

type ListQuery = z.output<typeof approvalsApi.ApprovalListQuerySchema>;

/**
 * What one kind of four-eyes request does. The service runs the workflow; the kind owns its record.
 * Locks are always taken record first, then request, on every path, so two decisions never deadlock.
 */
export interface ApprovalKindHandler {
  /** The audited entity the request is about. */
  entity: AuditEntity;
  /** How long a request stays open before it expires. */
  ttlMs: number;
  /** Locks the record (`SELECT … FOR UPDATE`) before the request is locked. */
  lockSubject(tx: Tx, entityId: string): Promise<void>;
  /** Applies the approved change in the decision's transaction; throwing undoes the decision too. */
  apply(tx: Tx, request: ApprovalRow, actor: Actor): Promise<void>;
  /** What a rejection does to the record, if anything, in the same transaction. */
  onReject?(tx: Tx, request: ApprovalRow, actor: Actor): Promise<void>;
}

export interface NewRequest {
  kind: string;
  entityId: string;
  /** What will be applied, as the requester saw it; a numeric `customer_id` puts it on that customer's trail. */
  payload: Record<string, unknown>;
  reason: string | null;
}

/** The audited fields of a request: flat values, so a trail shows before → after per field. */
function auditFields(row: ApprovalRow): Record<string, unknown> {
  return {
    kind: row.kind,
    entity: row.entity,
    entity_id: row.entityId,
    ...row.payload,
    status: row.status,
    requested_by: row.requestedBy,
    request_reason: row.requestReason,
    expires_at: row.expiresAt.toISOString(),
    decided_by: row.decidedBy,
    decision_reason: row.decisionReason,
  };
}

const customerOf = (row: ApprovalRow): number | null =>
  typeof row.payload.customer_id === 'number' ? row.payload.customer_id : null;

function change(action: Change['action'], before: ApprovalRow | null, after: ApprovalRow): Change {
  return {
    entity: 'approval_request',
    action,
    entityId: after.id,
    customerId: customerOf(after),
    before: before && auditFields(before),
    after: auditFields(after),
  };
}

/**
 * Four-eyes, once (docs/product-rules.md): a member asks for a change, a different member approves
 * (which applies it, through the kind's handler, in the same transaction) or rejects it; the asker
 * may cancel; a request nobody decides in time expires by the injected clock. Every transition is
 * one audit row on the `approval_request`. Decisions lock the row and update it only at the version
 * read, so of two members deciding at once exactly one wins.
 */
export function createApprovalsService(deps: {
  db: Db;
  clock: Clock;
  changes: Changes;
  repo: ApprovalsRepository;
}) {
  const { db, clock, changes, repo } = deps;
  const kinds = new Map<string, ApprovalKindHandler>();

  function handlerOf(kind: string): ApprovalKindHandler {
    const handler = kinds.get(kind);
    if (!handler) throw new Error(`No handler for approval kind "${kind}"`);
    return handler;
  }

  const isPastExpiry = (row: ApprovalRow) => row.expiresAt.getTime() <= clock.now().getTime();

  /** Refuses a decision the request's state does not allow. */
  function assertPending(row: ApprovalRow): void {
    if (row.status === 'expired' || (row.status === 'pending' && isPastExpiry(row)))
      throw new AppError('APPROVAL_EXPIRED');
    if (row.status !== 'pending') throw new AppError('APPROVAL_ALREADY_DECIDED', { status: row.status });
  }

  async function decide(
    tx: Tx,
    row: ApprovalRow,
    decision: Decision,
    action: Change['action'],
  ): Promise<ChangeOutcome<ApprovalRow>> {
    const decided = await repo.decide(tx, row, decision);
    if (!decided) {
      // Every path locks the row first, so only a caller that skipped the lock gets here.
      const current = await repo.find(tx, row.id);
      throw new AppError('APPROVAL_ALREADY_DECIDED', { status: current?.status ?? row.status });
    }
    return { result: decided, change: change(action, row, decided) };
  }

  /** Marks one request expired if it is still pending past its expiry; false if not (or being decided). */
  const expireOne = (id: number, requestId: string) =>
    changes.run({ memberId: null, requestId }, async (tx) => {
      const row = await repo.lockIfFree(tx, id);
      if (row?.status !== 'pending' || !isPastExpiry(row)) return { result: false, change: null };
      const expiry = { status: 'expired', decidedBy: null, reason: null, at: row.expiresAt } as const;
      return { result: true, change: (await decide(tx, row, expiry, 'expire')).change };
    });

  const service = {
    /** Declares what approving (and rejecting) a kind of request does. */
    registerKind(kind: string, handler: ApprovalKindHandler): void {
      kinds.set(kind, handler);
    },

    /**
     * Marks requests past their expiry as expired, each with its audit row (no member: time did it),
     * in transactions of their own so they stay expired even if the request that noticed them fails.
     * With no filter it is the sweep over every request. Returns how many it expired.
     */
    expireDue(
      only: { id?: number; kind?: string; entityId?: string } = {},
      requestId = `sweep:${clock.now().toISOString()}`,
    ): Promise<number> {
      return outsideRequestTransaction(async () => {
        let expired = 0;
        for (const id of await repo.dueIds(db, clock.now(), only))
          if (await expireOne(id, requestId)) expired++;
        return expired;
      });
    },

    // ── Steps for a service's own `changes.run` (each returns the one change of the action) ──

    /** The open request of a kind for a record, locked; call after locking the record. */
    async openFor(tx: Tx, kind: string, entityId: string): Promise<ApprovalRow | undefined> {
      const row = await repo.lockOpen(tx, kind, handlerOf(kind).entity, entityId);
      if (row && isPastExpiry(row)) throw new AppError('APPROVAL_EXPIRED');
      return row;
    },

    /** Asks for a change; joins (changing nothing) the request already open for the same kind and record. */
    async requestIn(
      tx: Tx,
      actor: Actor,
      input: NewRequest,
    ): Promise<ChangeOutcome<{ request: ApprovalRow; joined: boolean }>> {
      const handler = handlerOf(input.kind);
      const open = await service.openFor(tx, input.kind, input.entityId);
      if (open) return { result: { request: open, joined: true }, change: null };
      const now = clock.now();
      const created = await repo.insertPending(tx, {
        kind: input.kind,
        entity: handler.entity,
        entityId: input.entityId,
        payload: input.payload,
        requestedBy: actor.memberId,
        requestReason: input.reason,
        requestedAt: now,
        expiresAt: new Date(now.getTime() + handler.ttlMs),
      });
      if (!created) {
        // Another member's request for the same record committed first: join it.
        const winner = await service.openFor(tx, input.kind, input.entityId);
        if (!winner) throw new AppError('CONFLICT');
        return { result: { request: winner, joined: true }, change: null };
      }
      return {
        result: { request: created, joined: false },
        change: change('request_approval', null, created),
      };
    },

    /** Approves or rejects a locked pending request as a member other than the asker. */
    async decideIn(
      tx: Tx,
      actor: Actor,
      row: ApprovalRow,
      decision: { approve: boolean; reason: string | null },
    ): Promise<ChangeOutcome<ApprovalRow>> {
      assertPending(row);
      if (row.requestedBy === actor.memberId) throw new AppError('APPROVAL_OWN_REQUEST');
      const handler = handlerOf(row.kind);
      const outcome = await decide(
        tx,
        row,
        {
          status: decision.approve ? 'approved' : 'rejected',
          decidedBy: actor.memberId,
          reason: decision.reason,
          at: clock.now(),
        },
        decision.approve ? 'approve' : 'reject',
      );
      if (decision.approve) await handler.apply(tx, outcome.result, actor);
      else await handler.onReject?.(tx, outcome.result, actor);
      return outcome;
    },

    // ── Whole actions, as the approvals endpoints call them ──

    /** Asks for a change (or joins the open request for it). */
    async request(actor: Actor, input: NewRequest): Promise<ApprovalRequest> {
      await service.expireDue({ kind: input.kind, entityId: input.entityId }, actor.requestId);
      const { request } = await changes.run(actor, async (tx) => {
        await handlerOf(input.kind).lockSubject(tx, input.entityId);
        return service.requestIn(tx, actor, input);
      });
      return service.view(request.id);
    },

    /** Approves (`approve: true`) or rejects request `id` at the version the member saw. */
    async decide(
      actor: Actor,
      id: number,
      version: number,
      decision: { approve: boolean; reason: string | null },
    ): Promise<ApprovalRequest> {
      const seen = await repo.find(db, id);
      if (!seen) throw new AppError('APPROVAL_NOT_FOUND');
      await service.expireDue({ id }, actor.requestId);
      await changes.run(actor, async (tx) => {
        await handlerOf(seen.kind).lockSubject(tx, seen.entityId);
        const row = (await repo.lock(tx, id))!;
        assertPending(row);
        if (row.version !== version) throw new AppError('STALE_EDIT');
        return service.decideIn(tx, actor, row, decision);
      });
      return service.view(id);
    },

    /** Withdraws one's own pending request. */
    async cancel(actor: Actor, id: number, version: number, reason: string | null): Promise<ApprovalRequest> {
      await service.expireDue({ id }, actor.requestId);
      await changes.run(actor, async (tx) => {
        const row = await repo.lock(tx, id);
        if (!row) throw new AppError('APPROVAL_NOT_FOUND');
        assertPending(row);
        if (row.requestedBy !== actor.memberId) throw new AppError('APPROVAL_NOT_REQUESTER');
        if (row.version !== version) throw new AppError('STALE_EDIT');
        return decide(
          tx,
          row,
          { status: 'cancelled', decidedBy: actor.memberId, reason, at: clock.now() },
          'cancel',
        );
      });
      return service.view(id);
    },

    async view(id: number): Promise<ApprovalRequest> {
      // Inside an idempotent request the decision is not committed yet: read it where it was made.
      const request = await repo.view(requestTransaction() ?? db, id, clock.now());
      if (!request) throw new AppError('APPROVAL_NOT_FOUND');
      return request;
    },

    latestFor: (kind: string, entityId: string) =>
      repo.latestFor(db, kind, handlerOf(kind).entity, entityId, clock.now()),

    page: (q: ListQuery) => repo.page(db, q, clock.now()),
  };
  return service;
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
