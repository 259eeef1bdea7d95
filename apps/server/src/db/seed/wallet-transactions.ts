import { addressFor, txHashFor } from './addresses.ts';
import {
  customerDepositAddress,
  customerUsualWithdrawalAddress,
  pickRail,
  platformWallet,
  type Rail,
} from './assets.ts';
import { customerAt, customerCreateDate } from './customers.ts';
import { drawAmount } from './decimal-text.ts';
import { hash32, type Rng, rowRng, Stream, weighted } from './prng.ts';
import { DAY_MS, type Timeline } from './timeline.ts';

export interface WalletTransaction {
  id: number;
  customerId: number;
  type: 'deposit' | 'withdrawal' | 'transfer' | 'fee';
  asset: string;
  network: string;
  amount: string;
  fee: string;
  fromAddress: string | null;
  toAddress: string | null;
  txHash: string | null;
  status: string;
  createdAt: number;
  updatedAt: number;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const pickType = weighted([
  ['deposit', 45],
  ['withdrawal', 30],
  ['transfer', 12],
  ['fee', 13],
] as const);
/** One customer in this many is a frequent trader. */
const ACTIVE_GROUP = 40;

/** An owner who had signed up by then; a quarter of the time one of the frequent traders. */
function pickOwner(rng: Rng, seed: number, existing: number): number {
  if (existing > ACTIVE_GROUP && rng.chance(0.25)) {
    const group = rng.int(0, Math.floor(existing / ACTIVE_GROUP) - 1);
    return group * ACTIVE_GROUP + 1 + (hash32(seed, group) % ACTIVE_GROUP);
  }
  return rng.int(1, existing);
}

function depositStatus(rng: Rng, rail: Rail, age: number): string {
  if (rail.kind === 'bank') {
    if (age < HOUR_MS && rng.chance(0.4)) return 'pending';
    return rng.chance(0.01) ? 'rejected' : 'completed'; // sender is not the account holder
  }
  if (age < 2 * HOUR_MS && rng.chance(0.5)) return 'pending'; // still confirming
  return rng.chance(0.012) ? 'failed' : 'completed';
}

/** Recent withdrawals may still wait for a compliance decision or for broadcast. */
function withdrawalStatus(rng: Rng, rail: Rail, age: number): string {
  if (age < 14 * DAY_MS && rng.chance(0.15)) return 'under_review';
  if (age < 6 * HOUR_MS && rng.chance(0.35)) return 'pending';
  if (rng.chance(0.025)) return 'rejected';
  if (rail.kind !== 'bank' && rng.chance(0.012)) return 'failed';
  return 'completed';
}

function settledAt(rng: Rng, rail: Rail, status: string, createdAt: number): number {
  if (status === 'completed')
    return createdAt + rng.int(rail.settleMinutes[0], rail.settleMinutes[1]) * MINUTE_MS;
  if (status === 'rejected') return createdAt + rng.int(10 * MINUTE_MS, 2 * DAY_MS);
  if (status === 'failed') return createdAt + rng.int(MINUTE_MS, 30 * MINUTE_MS);
  return createdAt;
}

/** Wallet transaction `id` of `count` (1-based); ids follow time, as a bigserial would. */
export function walletTransactionAt(
  seed: number,
  timeline: Timeline,
  id: number,
  count: number,
): WalletTransaction {
  const rng = rowRng(seed, Stream.walletTransaction, id);
  const at = timeline.activityAt(id - 1, count, rng.float());
  const customerId = pickOwner(rng, seed, Math.max(1, timeline.customersBy(at)));
  const createdAt = Math.max(at, customerCreateDate(seed, timeline, customerId));
  const age = timeline.now - createdAt;
  let type = pickType(rng);
  // Level 0 allows deposits only (R38): such a customer has no withdrawal to show.
  if (type === 'withdrawal' && customerAt(seed, timeline, customerId).kycLevel === 0) type = 'deposit';
  const rail = pickRail(rng);

  let status = 'completed';
  let fromAddress: string | null = null;
  let toAddress: string | null = null;
  let txHash: string | null = null;
  let fee = '0';
  if (type === 'deposit') {
    status = depositStatus(rng, rail, age);
    if (rail.kind === 'bank') {
      fromAddress = customerDepositAddress(seed, customerId, 'bank');
      toAddress = platformWallet(seed, 'bank', 'hot');
    } else {
      fromAddress = addressFor(rng, rail.kind);
      toAddress = customerDepositAddress(seed, customerId, rail.kind);
      txHash = txHashFor(rng, rail.kind);
    }
  } else if (type === 'withdrawal') {
    status = withdrawalStatus(rng, rail, age);
    fee = rail.withdrawalFee(rng);
    fromAddress = platformWallet(seed, rail.kind, 'hot');
    toAddress = rng.chance(0.7)
      ? customerUsualWithdrawalAddress(seed, customerId, rail.kind)
      : addressFor(rng, rail.kind);
    if (status === 'completed' || status === 'failed') txHash = txHashFor(rng, rail.kind);
  } else if (type === 'transfer' && rng.chance(0.01)) {
    status = 'failed'; // e.g. the receiving account was frozen meanwhile
  }
  const settled = type === 'transfer' || type === 'fee' ? createdAt : settledAt(rng, rail, status, createdAt);
  return {
    id,
    customerId,
    type,
    asset: rail.asset,
    network: rail.network,
    amount: drawAmount(rng, type === 'fee' ? rail.commission : rail.amount),
    fee,
    fromAddress,
    toAddress,
    txHash,
    status,
    createdAt,
    updatedAt: Math.min(timeline.now, settled),
  };
}
