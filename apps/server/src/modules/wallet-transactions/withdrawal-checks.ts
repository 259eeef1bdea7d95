import type { ReviewRefusal, TransactionLimit } from '@backdesk/contract';
import { contractNameOf, Decimal, selectLimit } from '@backdesk/contract/rules';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimitsRepository } from '../limits/limits.repository.ts';
import type { LockedTransaction, WalletTransactionsRepository } from './wallet-transactions.repository.ts';

/** A refusal the page can word in the member's language: the reason travels as the issue path. */
export function refuse(
  reason: ReviewRefusal,
  message: string,
  code: 'CONFLICT' | 'VALIDATION_FAILED',
): AppError {
  return new AppError(code, message, { issues: [{ path: `refusal.${reason}`, message }] });
}

/**
 * What must hold before a withdrawal may be approved: no active withdrawal restriction on the
 * customer, and the limit the spec's §5 rule picks (type withdrawal, the rail's contract, the paying
 * platform wallet) allows the amount per operation and within its 24 h and 30 day caps.
 */
export async function assertWithdrawalAllowed(
  tx: DbOrTx,
  w: LockedTransaction,
  deps: { repo: WalletTransactionsRepository; limits: LimitsRepository },
): Promise<TransactionLimit | null> {
  if (await deps.repo.hasActiveRestriction(tx, w.customer_id, 'withdrawal'))
    throw refuse(
      'customer_restricted',
      'The customer has an active withdrawal restriction',
      'VALIDATION_FAILED',
    );

  const { winner } = selectLimit(await deps.limits.ofType(tx, 'withdrawal'), {
    limit_type: 'withdrawal',
    contract_name: contractNameOf(w.asset, w.network),
    // The seeded limits name platform wallets: a withdrawal is paid out of its from_address.
    wallet_address: w.from_address,
  });
  if (!winner) return null;
  const amount = new Decimal(w.amount);
  const which = `limit #${winner.lid}`;
  if (winner.min_amount !== null && amount.lt(winner.min_amount))
    throw refuse(
      'below_minimum',
      `Below the minimum of ${winner.min_amount} ${w.asset} per withdrawal (${which})`,
      'VALIDATION_FAILED',
    );
  if (winner.max_amount !== null && amount.gt(winner.max_amount))
    throw refuse(
      'above_maximum',
      `Above the maximum of ${winner.max_amount} ${w.asset} per withdrawal (${which})`,
      'VALIDATION_FAILED',
    );
  const window = { customerId: w.customer_id, asset: w.asset, network: w.network, excludeId: w.id };
  if (winner.daily_cap !== null) {
    const withdrawn = await deps.repo.withdrawnWithin(tx, window, '24 hours');
    if (amount.plus(withdrawn).gt(winner.daily_cap))
      throw refuse(
        'daily_cap',
        `The customer's withdrawals in 24 hours would exceed ${winner.daily_cap} ${w.asset} (${which})`,
        'VALIDATION_FAILED',
      );
  }
  if (winner.monthly_cap !== null) {
    const withdrawn = await deps.repo.withdrawnWithin(tx, window, '30 days');
    if (amount.plus(withdrawn).gt(winner.monthly_cap))
      throw refuse(
        'monthly_cap',
        `The customer's withdrawals in 30 days would exceed ${winner.monthly_cap} ${w.asset} (${which})`,
        'VALIDATION_FAILED',
      );
  }
  return winner;
}
