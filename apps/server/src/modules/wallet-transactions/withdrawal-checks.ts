import type { TransactionLimit } from '@backdesk/contract';
import { contractNameOf, Decimal, selectLimit } from '@backdesk/contract/rules';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimitsRepository } from '../limits/limits.repository.ts';
import type { LockedTransaction, WalletTransactionsRepository } from './wallet-transactions.repository.ts';

/**
 * What must hold before a withdrawal may be approved: no active withdrawal restriction on the
 * customer, and the limit the selection rule picks (type withdrawal, the rail's contract, the paying
 * platform wallet) allows the amount per operation and within its 24 h and 30 day caps. A refusal
 * is an error code with the figures it names, so the page words it in the member's language.
 */
export async function assertWithdrawalAllowed(
  tx: DbOrTx,
  w: LockedTransaction,
  deps: { repo: WalletTransactionsRepository; limits: LimitsRepository },
): Promise<TransactionLimit | null> {
  if (await deps.repo.hasActiveRestriction(tx, w.customer_id, 'withdrawal'))
    throw new AppError('CUSTOMER_RESTRICTED', { kind: 'withdrawal' });

  const { winner } = selectLimit(await deps.limits.ofType(tx, 'withdrawal'), {
    limit_type: 'withdrawal',
    contract_name: contractNameOf(w.asset, w.network),
    // The seeded limits name platform wallets: a withdrawal is paid out of its from_address.
    wallet_address: w.from_address,
  });
  if (!winner) return null;
  const amount = new Decimal(w.amount);
  const figures = (bound: string) => ({ amount: bound, asset: w.asset, lid: winner.lid });
  if (winner.min_amount !== null && amount.lt(winner.min_amount))
    throw new AppError('BELOW_LIMIT_MINIMUM', figures(winner.min_amount));
  if (winner.max_amount !== null && amount.gt(winner.max_amount))
    throw new AppError('ABOVE_LIMIT_MAXIMUM', figures(winner.max_amount));
  const window = { customerId: w.customer_id, asset: w.asset, network: w.network, excludeId: w.id };
  if (winner.daily_cap !== null) {
    const withdrawn = await deps.repo.withdrawnWithin(tx, window, '24 hours');
    if (amount.plus(withdrawn).gt(winner.daily_cap))
      throw new AppError('DAILY_CAP_EXCEEDED', figures(winner.daily_cap));
  }
  if (winner.monthly_cap !== null) {
    const withdrawn = await deps.repo.withdrawnWithin(tx, window, '30 days');
    if (amount.plus(withdrawn).gt(winner.monthly_cap))
      throw new AppError('MONTHLY_CAP_EXCEEDED', figures(winner.monthly_cap));
  }
  return winner;
}
