import type { ReviewResult, transactionsApi, WalletTransactionDetail } from '@backdesk/contract';
import { Decimal } from '@backdesk/contract/rules';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { LimitsRepository } from '../limits/limits.repository.ts';
import type { WalletTransactionsRepository } from './wallet-transactions.repository.ts';
import { assertWithdrawalAllowed, refuse } from './withdrawal-checks.ts';

type ListQuery = z.output<typeof transactionsApi.WalletTxListQuerySchema>;

export function createWalletTransactionsService(deps: {
  db: Db;
  repo: WalletTransactionsRepository;
  limits: LimitsRepository;
}) {
  const { db, repo } = deps;

  /** Above the asset's threshold an approval needs two different members (four-eyes). */
  async function approvalsRequired(tx: DbOrTx, asset: string, amount: string) {
    const threshold = await repo.fourEyesThreshold(tx, asset);
    return { threshold, required: threshold !== null && new Decimal(amount).gt(threshold) ? 2 : 1 };
  }

  /** Locks a withdrawal still under review, at the version the member saw, that they have not reviewed. */
  async function lockForReview(tx: DbOrTx, id: number, version: number, memberId: number) {
    const w = await repo.lock(tx, id);
    if (!w) throw new AppError('NOT_FOUND', 'No such wallet transaction');
    if (w.type !== 'withdrawal' || w.status !== 'under_review')
      throw refuse(
        'not_under_review',
        `Only a withdrawal under review can be decided; this one is ${w.status}`,
        'CONFLICT',
      );
    const reviews = await repo.reviews(tx, id);
    if (reviews.some((r) => r.member_id === memberId))
      throw refuse(
        'already_reviewed',
        'You have already reviewed this withdrawal; a different member must decide next',
        'CONFLICT',
      );
    if (w.version !== version)
      throw new AppError('CONFLICT', 'Someone else changed this record meanwhile; reload it and try again');
    return { w, reviews };
  }

  const approvedBy = (reviews: { decision: string }[]) =>
    reviews.filter((r) => r.decision === 'approve').length;

  return {
    page: (q: ListQuery) => repo.page(db, q),
    exportQuery: repo.exportQuery,

    async detail(id: number): Promise<WalletTransactionDetail> {
      const w = await repo.byId(db, id);
      if (!w) throw new AppError('NOT_FOUND', 'No such wallet transaction');
      const [reviews, { threshold, required }] = await Promise.all([
        repo.reviews(db, id),
        approvalsRequired(db, w.asset, w.amount),
      ]);
      return {
        ...w,
        reviews: reviews.map((r) => ({
          member: { id: r.member_id, user_name: r.user_name, display_name: r.display_name },
          decision: r.decision,
          reason: r.reason,
          at: r.at,
        })),
        approvals_required: w.type === 'withdrawal' ? required : 0,
        four_eyes_threshold: threshold,
      };
    },

    approve: (id: number, version: number, reason: string | null, memberId: number): Promise<ReviewResult> =>
      db.transaction(async (tx) => {
        const { w, reviews } = await lockForReview(tx, id, version, memberId);
        const limit = await assertWithdrawalAllowed(tx, w, deps);
        const { required } = await approvalsRequired(tx, w.asset, w.amount);
        await repo.addReview(tx, { transactionId: id, memberId, decision: 'approve', reason });
        const approvals = approvedBy(reviews) + 1;
        const done = approvals >= required;
        // The first of two approvals changes nothing on the withdrawal itself; the second releases it.
        const nextVersion = done ? await repo.setStatus(tx, id, 'pending', reason) : w.version;
        const status = done ? 'pending' : 'under_review';
        await recordAudit(tx, {
          memberId,
          action: done ? 'approve' : 'approve_first_of_two',
          entity: 'wallet_transaction',
          entityId: id,
          before: { status: w.status },
          after: { status, approvals, approvals_required: required, limit: limit?.lid ?? null, reason },
        });
        return {
          success: true,
          message: done
            ? 'Withdrawal approved'
            : `Approval ${approvals} of ${required} recorded; a second member must approve`,
          version: nextVersion,
          status,
          approvals,
          approvals_required: required,
        };
      }),

    reject: (id: number, version: number, reason: string, memberId: number): Promise<ReviewResult> =>
      db.transaction(async (tx) => {
        const { w, reviews } = await lockForReview(tx, id, version, memberId);
        const { required } = await approvalsRequired(tx, w.asset, w.amount);
        await repo.addReview(tx, { transactionId: id, memberId, decision: 'reject', reason });
        const nextVersion = await repo.setStatus(tx, id, 'rejected', reason);
        await recordAudit(tx, {
          memberId,
          action: 'reject',
          entity: 'wallet_transaction',
          entityId: id,
          before: { status: w.status },
          after: { status: 'rejected', reason },
        });
        return {
          success: true,
          message: 'Withdrawal rejected',
          version: nextVersion,
          status: 'rejected',
          approvals: approvedBy(reviews),
          approvals_required: required,
        };
      }),
  };
}
export type WalletTransactionsService = ReturnType<typeof createWalletTransactionsService>;
