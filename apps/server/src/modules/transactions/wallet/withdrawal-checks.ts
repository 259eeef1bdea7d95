import type { TransactionLimit, WithdrawalCheck } from '@backdesk/contract';
import { contractNameOf, Decimal, selectLimit } from '@backdesk/contract/rules';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { LimitsRepository } from '../limits/limits.repository.ts';
import type { LockedTransaction, WalletTransactionsRepository } from './wallet-transactions.repository.ts';

type Withdrawal = Pick<
  LockedTransaction,
  'id' | 'customer_id' | 'asset' | 'network' | 'amount' | 'from_address'
>;
type Deps = { repo: WalletTransactionsRepository; limits: LimitsRepository };

/** One check's outcome, with the refusal an approval would answer when it fails. */
export type Outcome = WithdrawalCheck & { error: AppError | null };

const outcome = (check: Outcome['check'], bound: string | null, error: AppError | null): Outcome => ({
  check,
  passed: error === null,
  bound,
  refusal: error ? { code: error.code, params: { ...error.params } } : null,
  error,
});

/**
 * The four checks of the limit R14 picked (docs/product-rules.md R15): the amount not below its
 * minimum, not above its maximum, and, with what `counted` says was already committed in the window,
 * within its 24 h and 30 day caps. A bound the limit does not set passes. Withdrawals and P2P trades
 * (a real-time check) count their own committed amounts.
 */
export async function limitOutcomes(
  winner: TransactionLimit | null,
  op: { amount: string; asset: string },
  counted: (period: '24 hours' | '30 days') => Promise<string>,
): Promise<Outcome[]> {
  const amount = new Decimal(op.amount);
  const figures = (bound: string) => ({ amount: bound, asset: op.asset, lid: winner!.lid });
  const bounded = async (
    check: Outcome['check'],
    bound: string | null | undefined,
    exceeds: (bound: string) => Promise<boolean> | boolean,
    code: 'BELOW_LIMIT_MINIMUM' | 'ABOVE_LIMIT_MAXIMUM' | 'DAILY_CAP_EXCEEDED' | 'MONTHLY_CAP_EXCEEDED',
  ) => {
    if (bound === null || bound === undefined) return outcome(check, null, null);
    return outcome(check, bound, (await exceeds(bound)) ? new AppError(code, figures(bound)) : null);
  };
  const within = async (period: '24 hours' | '30 days') => amount.plus(await counted(period));
  return [
    await bounded('minimum', winner?.min_amount, (min) => amount.lt(min), 'BELOW_LIMIT_MINIMUM'),
    await bounded('maximum', winner?.max_amount, (max) => amount.gt(max), 'ABOVE_LIMIT_MAXIMUM'),
    await bounded(
      'daily_cap',
      winner?.daily_cap,
      async (cap) => (await within('24 hours')).gt(cap),
      'DAILY_CAP_EXCEEDED',
    ),
    await bounded(
      'monthly_cap',
      winner?.monthly_cap,
      async (cap) => (await within('30 days')).gt(cap),
      'MONTHLY_CAP_EXCEEDED',
    ),
  ];
}

/**
 * What must hold before a withdrawal may be approved (docs/product-rules.md R15): no active withdrawal
 * restriction on the customer, and the limit the selection rule picks (type withdrawal, the rail's
 * contract, the paying platform wallet) allows the amount per operation and within its 24 h and 30
 * day caps. Every check is evaluated, in this order, so the review dialog can show them all before the
 * member decides; an approval refuses with the first that fails. A refusal is an error code with the
 * figures it names, so the page words it in the member's language. A real-time check runs it on a
 * withdrawal not written yet (id 0: no row to leave out of the caps).
 */
export async function evaluateWithdrawal(
  db: DbOrTx,
  w: Withdrawal,
  deps: Deps,
): Promise<{ limit: TransactionLimit | null; checks: Outcome[] }> {
  const restricted = await deps.repo.hasActiveRestriction(db, w.customer_id, 'withdrawal');
  const limits = await deps.limits.ofType(db, 'withdrawal');
  const window = { customerId: w.customer_id, asset: w.asset, network: w.network, excludeId: w.id };
  return withdrawalOutcomes(w, {
    restricted,
    limits,
    withdrawn: (period) => deps.repo.withdrawnWithin(db, window, period),
  });
}

/** What evaluateWithdrawal read, for a caller that read it otherwise (the real-time check, in one statement). */
export interface WithdrawalFacts {
  restricted: boolean;
  /** The withdrawal limits, as `limits.ofType(db, 'withdrawal')` answers them. */
  limits: TransactionLimit[];
  /** What the customer withdrew of the asset on the network in the window (repo.withdrawnWithin). */
  withdrawn: (period: '24 hours' | '30 days') => Promise<string> | string;
}

/** R15's checks of `w` on facts already read: the one copy of the rule evaluateWithdrawal runs. */
export async function withdrawalOutcomes(
  w: Omit<Withdrawal, 'id' | 'customer_id'>,
  facts: WithdrawalFacts,
): Promise<{ limit: TransactionLimit | null; checks: Outcome[] }> {
  const { restricted } = facts;
  const checks = [
    outcome(
      'restriction',
      null,
      restricted ? new AppError('CUSTOMER_RESTRICTED', { kind: 'withdrawal' }) : null,
    ),
  ];

  const { winner } = selectLimit(facts.limits, {
    limit_type: 'withdrawal',
    contract_name: contractNameOf(w.asset, w.network),
    // The seeded limits name platform wallets: a withdrawal is paid out of its from_address.
    wallet_address: w.from_address,
  });
  checks.push(...(await limitOutcomes(winner, w, async (period) => facts.withdrawn(period))));
  return { limit: winner ?? null, checks };
}

/** The approval's guard: refuses with the first failing check of evaluateWithdrawal. */
export async function assertWithdrawalAllowed(
  tx: DbOrTx,
  w: Withdrawal,
  deps: Deps,
): Promise<TransactionLimit | null> {
  const { limit, checks } = await evaluateWithdrawal(tx, w, deps);
  const failed = checks.find((c) => c.error);
  if (failed?.error) throw failed.error;
  return limit;
}
