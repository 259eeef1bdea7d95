import type {
  ApprovalRequest,
  ReviewResult,
  transactionsApi,
  WalletTransactionDetail,
  WithdrawalChecks,
} from '@backdesk/contract';
import { Decimal } from '@backdesk/contract/rules';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ApprovalsService } from '../../platform/approvals/approvals.service.ts';
import type { Actor, Change, Changes } from '../../platform/audit/changes.ts';
import type { LimitsRepository } from '../limits/limits.repository.ts';
import type { LockedTransaction, WalletTransactionsRepository } from './wallet-transactions.repository.ts';
import { assertWithdrawalAllowed, evaluateWithdrawal } from './withdrawal-checks.ts';
import { WITHDRAWAL_RELEASE, WITHDRAWAL_RELEASE_TTL_MS } from './withdrawal-release.ts';

type ListQuery = z.output<typeof transactionsApi.WalletTxListQuerySchema>;

/** One audit row of a decision taken on the withdrawal itself (no four-eyes request involved). */
const walletChange = (
  action: Change['action'],
  w: LockedTransaction,
  status: string,
  reason: string | null,
): Change => ({
  entity: 'wallet_transaction',
  action,
  entityId: w.id,
  customerId: w.customer_id,
  before: { status: w.status, review_reason: w.review_reason },
  after: { status, review_reason: reason ?? w.review_reason },
});

/** The members' decisions of a withdrawal's latest four-eyes request: the asker approved, the decider decided. */
function reviewsOf(request: ApprovalRequest | undefined): WalletTransactionDetail['reviews'] {
  if (!request || request.status === 'expired' || request.status === 'cancelled') return [];
  const asked = {
    member: request.requested_by,
    decision: 'approve' as const,
    reason: request.request_reason,
    at: request.requested_at,
  };
  if (request.status === 'pending' || !request.decided_by || !request.decided_at) return [asked];
  const decision = request.status === 'approved' ? ('approve' as const) : ('reject' as const);
  return [
    asked,
    { member: request.decided_by, decision, reason: request.decision_reason, at: request.decided_at },
  ];
}

export function createWalletTransactionsService(deps: {
  db: Db;
  changes: Changes;
  repo: WalletTransactionsRepository;
  limits: LimitsRepository;
  approvals: ApprovalsService;
}) {
  const { db, changes, repo, approvals } = deps;

  /** Above the asset's threshold an approval needs two different members (four-eyes). */
  async function approvalsRequired(tx: DbOrTx, asset: string, amount: string) {
    const threshold = await repo.fourEyesThreshold(tx, asset);
    return { threshold, required: threshold !== null && new Decimal(amount).gt(threshold) ? 2 : 1 };
  }

  /** Locks a withdrawal that is still waiting for a decision. */
  async function lockUnderReview(tx: Tx, id: number): Promise<LockedTransaction> {
    const w = await repo.lock(tx, id);
    if (!w) throw new AppError('WALLET_TRANSACTION_NOT_FOUND');
    if (w.type !== 'withdrawal' || w.status !== 'under_review')
      throw new AppError('INVALID_TRANSITION', { status: w.status });
    return w;
  }

  /** ... at the version the member decided on. */
  async function lockForDecision(tx: Tx, id: number, version: number): Promise<LockedTransaction> {
    const w = await lockUnderReview(tx, id);
    if (w.version !== version) throw new AppError('STALE_EDIT');
    return w;
  }

  /** Releases a withdrawal for broadcast (status pending) if the customer and its limit allow it. */
  async function release(tx: Tx, w: LockedTransaction, reason: string | null): Promise<number> {
    await assertWithdrawalAllowed(tx, w, deps);
    return repo.release(tx, w.id, reason);
  }

  approvals.registerKind(WITHDRAWAL_RELEASE, {
    entity: 'wallet_transaction',
    ttlMs: WITHDRAWAL_RELEASE_TTL_MS,
    lockSubject: async (tx, entityId) => {
      await repo.lock(tx, Number(entityId));
    },
    apply: async (tx, request) => {
      await release(tx, await lockUnderReview(tx, Number(request.entityId)), request.decisionReason);
    },
    onReject: async (tx, request) => {
      const w = await lockUnderReview(tx, Number(request.entityId));
      await repo.setStatus(tx, w.id, 'rejected', request.decisionReason);
    },
  });

  /** Ends lapsed first approvals of this withdrawal before a member decides on it. */
  const expireLapsed = (id: number, actor: Actor) =>
    approvals.expireDue({ kind: WITHDRAWAL_RELEASE, entityId: String(id) }, actor.requestId);

  const result = (
    message: string,
    version: number,
    status: ReviewResult['status'],
    approvals: number,
    required: number,
  ): ReviewResult => ({ success: true, message, version, status, approvals, approvals_required: required });

  return {
    /** `from`: the replica where the member may read it (app.reads), else the primary. */
    page: (q: ListQuery, from: Db = db) => repo.page(from, q),
    exportQuery: repo.exportQuery,

    async detail(id: number): Promise<WalletTransactionDetail> {
      const w = await repo.byId(db, id);
      if (!w) throw new AppError('WALLET_TRANSACTION_NOT_FOUND');
      const withdrawal = w.type === 'withdrawal';
      const [{ threshold, required }, latest] = await Promise.all([
        approvalsRequired(db, w.asset, w.amount),
        withdrawal ? approvals.latestFor(WITHDRAWAL_RELEASE, String(id)) : undefined,
      ]);
      return {
        ...w,
        reviews: reviewsOf(latest),
        approvals_required: withdrawal ? required : 0,
        four_eyes_threshold: threshold,
        pending_approval: latest?.status === 'pending' ? latest : null,
      };
    },

    /** What an approval would check, evaluated now without deciding or locking anything (R15). */
    async checks(id: number): Promise<WithdrawalChecks> {
      const w = await repo.byId(db, id);
      if (!w) throw new AppError('WALLET_TRANSACTION_NOT_FOUND');
      if (w.type !== 'withdrawal' || w.status !== 'under_review')
        throw new AppError('INVALID_TRANSITION', { status: w.status });
      const { limit, checks } = await evaluateWithdrawal(db, w, deps);
      return {
        id,
        lid: limit?.lid ?? null,
        allowed: checks.every((c) => c.passed),
        checks: checks.map(({ error: _, ...check }) => check),
      };
    },

    /**
     * Approves a withdrawal under review. At or below the four-eyes threshold it is released at once.
     * Above it, the first approval asks for a second (an approval request; the withdrawal itself is
     * unchanged) and a different member's approval releases it. Either way the customer's
     * restrictions and the withdrawal limit are checked at every approval.
     */
    async approve(actor: Actor, id: number, version: number, reason: string | null): Promise<ReviewResult> {
      await expireLapsed(id, actor);
      return changes.run(actor, async (tx) => {
        const w = await lockForDecision(tx, id, version);
        const { required } = await approvalsRequired(tx, w.asset, w.amount);
        if (required === 1) {
          const next = await release(tx, w, reason);
          return {
            result: result('Withdrawal approved', next, 'pending', 1, 1),
            change: walletChange('approve', w, 'pending', reason),
          };
        }
        const open = await approvals.openFor(tx, WITHDRAWAL_RELEASE, String(id));
        if (!open) {
          await assertWithdrawalAllowed(tx, w, deps);
          const asked = await approvals.requestIn(tx, actor, {
            kind: WITHDRAWAL_RELEASE,
            entityId: String(id),
            payload: { customer_id: w.customer_id, asset: w.asset, network: w.network, amount: w.amount },
            reason,
          });
          return {
            result: result(
              `Approval 1 of ${required} recorded; a second member must approve`,
              w.version,
              'under_review',
              1,
              required,
            ),
            change: asked.change,
          };
        }
        if (open.requestedBy === actor.memberId) throw new AppError('ALREADY_REVIEWED');
        const { change } = await approvals.decideIn(tx, actor, open, { approve: true, reason });
        const released = (await repo.lock(tx, id))!;
        return { result: result('Withdrawal approved', released.version, 'pending', 2, required), change };
      });
    },

    /** Rejects a withdrawal under review; with a first approval on it, as the decision on that request. */
    async reject(actor: Actor, id: number, version: number, reason: string): Promise<ReviewResult> {
      await expireLapsed(id, actor);
      return changes.run(actor, async (tx) => {
        const w = await lockForDecision(tx, id, version);
        const { required } = await approvalsRequired(tx, w.asset, w.amount);
        const open = required > 1 ? await approvals.openFor(tx, WITHDRAWAL_RELEASE, String(id)) : undefined;
        if (open) {
          if (open.requestedBy === actor.memberId) throw new AppError('ALREADY_REVIEWED');
          const { change } = await approvals.decideIn(tx, actor, open, { approve: false, reason });
          const rejected = (await repo.lock(tx, id))!;
          return { result: result('Withdrawal rejected', rejected.version, 'rejected', 1, required), change };
        }
        const next = await repo.setStatus(tx, id, 'rejected', reason);
        return {
          result: result('Withdrawal rejected', next, 'rejected', 0, required),
          change: walletChange('reject', w, 'rejected', reason),
        };
      });
    },
  };
}
export type WalletTransactionsService = ReturnType<typeof createWalletTransactionsService>;
