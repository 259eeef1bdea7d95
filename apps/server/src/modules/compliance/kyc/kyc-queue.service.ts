import type { CustomerKyc, complianceApi, KycCase } from '@backdesk/contract';
import { kycStatusOf } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, readTogether } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { type Actor, auditRowsFrom } from '../../platform/audit/changes.ts';
import { isFraudFlagged, KYC_LEVEL_APPROVAL, KYC_LEVEL_APPROVAL_TTL_MS } from './kyc-four-eyes.ts';
import type { KycServiceDeps } from './kyc-state.ts';

type QueueQuery = z.output<typeof complianceApi.KycQueueQuerySchema>;
type QueueFilters = z.output<typeof complianceApi.KycQueueFiltersSchema>;
type LevelBody = z.output<typeof complianceApi.SetKycLevelBodySchema>;
/** A level decision's answer; `approval` when it waits for a second member (R63). */
export interface LevelResult {
  kyc: CustomerKyc;
  approval?: { id: number; approvals: number; required: number };
}

/**
 * The review queue (R39) and the customer's KYC level (R38). Case changes lock the case row; a level
 * decision locks the customer, as document changes do.
 */
export function createKycQueueService(deps: KycServiceDeps) {
  const { db, clock, changes, documents, cases, customers, approvals } = deps;

  /** Sets a level the member may set (not under the tier's requirement); the caller holds the lock. */
  async function writeLevel(
    tx: DbOrTx,
    facts: NonNullable<Awaited<ReturnType<typeof customers.lockFacts>>>,
    customerId: number,
    level: number,
    memberId: number,
    comment: string | null,
  ) {
    if (level < facts.tierRequiredLevel)
      throw new AppError('KYC_LEVEL_BELOW_TIER', {
        tier: facts.customerType,
        requiredLevel: facts.tierRequiredLevel,
      });
    const status = kycStatusOf({ ...facts, level, levelDecided: true });
    if (level === facts.level && status === facts.userKy) return null;
    await customers.setLevel(tx, customerId, { level, status, memberId, comment, at: clock.now() });
    return status;
  }

  // The second member's approval applies the level the first one asked for.
  approvals?.registerKind(KYC_LEVEL_APPROVAL, {
    entity: 'customer',
    ttlMs: KYC_LEVEL_APPROVAL_TTL_MS,
    lockSubject: async (tx, entityId) => {
      await customers.lockFacts(tx, Number(entityId));
    },
    apply: async (tx, request, actor) => {
      const customerId = Number(request.entityId);
      const facts = await customers.lockFacts(tx, customerId);
      if (!facts) throw new AppError('CUSTOMER_NOT_FOUND');
      const { level, comment } = request.payload as { level: number; comment?: string | null };
      await writeLevel(tx, facts, customerId, level, actor.memberId ?? request.requestedBy, comment ?? null);
    },
  });

  async function caseOf(tx: DbOrTx, customerId: number): Promise<KycCase> {
    const found = await cases.byCustomer(tx, customerId, clock.now());
    if (!found) throw new AppError('KYC_CASE_NOT_FOUND');
    return found;
  }

  const assigneeName = (c: KycCase) => c.assignee?.display_name ?? null;

  /** One change of a case's holder, audited as `action`. */
  function moveCase(
    actor: Actor,
    customerId: number,
    action: 'assign' | 'unassign' | 'reassign',
    decide: (holder: number | null, current: KycCase) => number | null | 'unchanged',
  ): Promise<KycCase> {
    return changes.run(actor, async (tx) => {
      const locked = await cases.lock(tx, customerId);
      if (!locked) throw new AppError('KYC_CASE_NOT_FOUND');
      const before = await caseOf(tx, customerId);
      const to = decide(locked.assignedTo, before);
      if (to === 'unchanged') return { result: before, change: null };
      await cases.setAssignee(tx, customerId, to, clock.now());
      const after = await caseOf(tx, customerId);
      return {
        result: after,
        change: {
          entity: 'kyc_case' as const,
          action,
          entityId: customerId,
          customerId,
          before: { assignee: assigneeName(before) },
          after: { assignee: assigneeName(after) },
        },
      };
    });
  }

  async function customerKyc(source: DbOrTx, customerId: number): Promise<CustomerKyc> {
    const customer = await customers.summary(source, customerId);
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    const [profile, docs, decisions, open] = await readTogether(source, [
      () => documents.profile(source, customerId),
      () => documents.forCustomer(source, customerId),
      () => customers.decisions(source, customerId),
      () => cases.byCustomer(source, customerId, clock.now()),
    ]);
    return { customer, profile, documents: docs, decisions, case: open ?? null };
  }

  return {
    async page(query: QueueQuery, memberId: number, source: Db = db) {
      return cases.page(source, query, memberId, clock.now());
    },

    count: (filters: QueueFilters, memberId: number, source: Db = db) =>
      cases.count(source, filters, memberId, clock.now()),

    customerKyc: (customerId: number) => customerKyc(db, customerId),

    /** Takes the case for oneself; another member's case is refused, one's own is left as it is. */
    assign: (customerId: number, actor: Actor) =>
      moveCase(actor, customerId, 'assign', (holder, current) => {
        if (holder === actor.memberId) return 'unchanged';
        if (holder !== null) throw new AppError('KYC_CASE_TAKEN', { member: assigneeName(current) ?? '' });
        return actor.memberId;
      }),

    release: (customerId: number, actor: Actor) =>
      moveCase(actor, customerId, 'unassign', (holder) => {
        if (holder !== actor.memberId) throw new AppError('KYC_CASE_NOT_YOURS');
        return null;
      }),

    async reassign(customerId: number, memberId: number | null, actor: Actor) {
      if (memberId !== null && (await customers.reviewers(db, memberId)).length === 0)
        throw new AppError('KYC_ASSIGNEE_INVALID');
      return moveCase(actor, customerId, 'reassign', (holder) =>
        holder === memberId ? 'unchanged' : memberId,
      );
    },

    /**
     * Claims the oldest unassigned case (SKIP LOCKED); null when none is left. One statement claims
     * and audits it (as the other moves would: the holder's display name before and after).
     */
    async claimNext(actor: Actor): Promise<KycCase | null> {
      const audited = (claimed: SQL) =>
        auditRowsFrom(actor, {
          entity: 'kyc_case',
          action: 'claim',
          from: claimed,
          entityId: sql`k.customer_id`,
          customerId: sql`k.customer_id`,
          before: sql`jsonb_build_object('assignee', NULL)`,
          after: sql`jsonb_build_object('assignee', m.display_name)`,
        });
      const [claimed] = await changes.statement<KycCase>(
        'kyc_claim_next',
        cases.claimNextSql(actor.memberId, clock.now(), audited),
      );
      return claimed ? cases.toCase(claimed) : null;
    },

    /** Where the review of a claimed case opens (the viewer's first file, asked with the claim's answer). */
    firstDocumentId: (customerId: number) => documents.firstPendingId(db, customerId),

    /**
     * Decides the customer's level at the version seen (R21). It may not fall below what their tier
     * requires (R38); kyc_status follows it. Deciding the level they have changes nothing (R20).
     */
    async setLevel(body: LevelBody, actor: Actor): Promise<LevelResult> {
      if (approvals)
        await approvals.expireDue(
          { kind: KYC_LEVEL_APPROVAL, entityId: String(body.customer_id) },
          actor.requestId,
        );
      return changes.run<LevelResult>(actor, async (tx) => {
        const facts = await customers.lockFacts(tx, body.customer_id);
        if (!facts) throw new AppError('CUSTOMER_NOT_FOUND');
        if (facts.version !== body.version) throw new AppError('STALE_EDIT');
        const comment = body.comment || null;
        // Raising the level of a customer with fraud alerts takes two members (R63).
        if (
          approvals &&
          body.level > facts.level &&
          (await isFraudFlagged(tx, body.customer_id, clock.now()))
        ) {
          if (body.level < facts.tierRequiredLevel)
            throw new AppError('KYC_LEVEL_BELOW_TIER', {
              tier: facts.customerType,
              requiredLevel: facts.tierRequiredLevel,
            });
          const entityId = String(body.customer_id);
          const open = await approvals.openFor(tx, KYC_LEVEL_APPROVAL, entityId);
          if (!open) {
            const asked = await approvals.requestIn(tx, actor, {
              kind: KYC_LEVEL_APPROVAL,
              entityId,
              payload: { customer_id: body.customer_id, level: body.level, comment },
              reason: comment,
            });
            const approval = { id: asked.result.request.id, approvals: 1, required: 2 };
            return {
              result: { kyc: await customerKyc(tx, body.customer_id), approval },
              change: asked.change,
            };
          }
          if (open.requestedBy === actor.memberId) throw new AppError('KYC_SECOND_APPROVAL_SAME_MEMBER');
          if (open.payload.level !== body.level)
            throw new AppError('KYC_SECOND_APPROVAL_DIFFERS', { level: Number(open.payload.level) });
          const { change } = await approvals.decideIn(tx, actor, open, { approve: true, reason: comment });
          return { result: { kyc: await customerKyc(tx, body.customer_id) }, change };
        }
        const status = await writeLevel(tx, facts, body.customer_id, body.level, actor.memberId, comment);
        if (status === null)
          return { result: { kyc: await customerKyc(tx, body.customer_id) }, change: null };
        return {
          result: { kyc: await customerKyc(tx, body.customer_id) },
          change: {
            entity: 'customer' as const,
            action: 'set_kyc_level' as const,
            entityId: body.customer_id,
            before: { kyc_level: facts.level, kyc_status: facts.userKy },
            after: {
              kyc_level: body.level,
              kyc_status: status,
              ...(body.comment ? { comment: body.comment } : {}),
            },
          },
        };
      });
    },

    reviewers: () => customers.reviewers(db),
  };
}
export type KycQueueService = ReturnType<typeof createKycQueueService>;
