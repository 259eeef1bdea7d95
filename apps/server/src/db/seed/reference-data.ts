import type { AddressKind } from './addresses.ts';
import { platformWallet } from './assets.ts';
import { rowRng, Stream } from './prng.ts';
import { DAY_MS, type Timeline } from './timeline.ts';

export interface CustomerType {
  code: string;
  name: string;
  description: string;
  requiredKycLevel: number;
  commissionDiscount: string;
  rank: number;
}

export const CUSTOMER_TYPES: readonly CustomerType[] = [
  {
    code: 'bronze',
    name: 'Bronze',
    description: 'Default tier for every new customer. Standard commissions and limits.',
    requiredKycLevel: 0,
    commissionDiscount: '0',
    rank: 0,
  },
  {
    code: 'silver',
    name: 'Silver',
    description: 'Identity verified (KYC level 1). Higher daily limits and a 5% commission discount.',
    requiredKycLevel: 1,
    commissionDiscount: '5',
    rank: 1,
  },
  {
    code: 'gold',
    name: 'Gold',
    description: 'Address verified (KYC level 2) with steady monthly volume. 10% commission discount.',
    requiredKycLevel: 2,
    commissionDiscount: '10',
    rank: 2,
  },
  {
    code: 'platinum',
    name: 'Platinum',
    description: 'Full due diligence (KYC level 3), dedicated account manager, 20% commission discount.',
    requiredKycLevel: 3,
    commissionDiscount: '20',
    rank: 3,
  },
];

export interface TransactionLimit {
  limitType: string;
  contractName: string | null;
  walletAddress: string | null;
  walletName: string | null;
  minAmount: string | null;
  maxAmount: string | null;
  dailyCap: string | null;
  monthlyCap: string | null;
  createdAt: number;
}

type LimitSpec = [
  type: string,
  contract: string | null,
  wallet: [AddressKind, 'hot' | 'cold'] | null,
  walletName: string | null,
  amounts: [min: string | null, max: string | null, daily: string | null, monthly: string | null],
];

/**
 * Limits from generic to specific, so the selection (docs/product-rules.md R14) (score +1 per matching contract,
 * wallet address and wallet name; ties to the highest lid) has real work: several rows tie on score,
 * a name-only row competes with contract-only rows, and one contract has two generations of limits.
 */
const LIMITS: readonly LimitSpec[] = [
  ['deposit', null, null, null, ['10', null, null, null]],
  ['deposit', 'USDT-TRC20', null, null, ['5', '1000000', null, null]],
  ['deposit', 'USDT-ERC20', null, null, ['20', '1000000', null, null]],
  ['deposit', 'BTC', null, null, ['0.0001', '50', null, null]],
  ['deposit', 'ETH-ERC20', null, null, ['0.002', '500', null, null]],
  ['deposit', 'TRY', null, null, ['100', '2500000', '5000000', '50000000']],
  ['deposit', 'USDT-TRC20', ['tron', 'hot'], 'Hot wallet', ['5', '250000', '1000000', null]],
  ['withdrawal', null, null, null, ['10', '250000', '500000', '5000000']],
  ['withdrawal', 'USDT-TRC20', null, null, ['10', '100000', '250000', '2000000']],
  ['withdrawal', 'USDT-TRC20', null, 'Hot wallet', ['10', '50000', '150000', '1500000']],
  ['withdrawal', 'USDT-TRC20', ['tron', 'hot'], 'Hot wallet', ['10', '25000', '100000', '1000000']],
  ['withdrawal', 'USDT-ERC20', null, null, ['50', '100000', '250000', '2000000']],
  ['withdrawal', 'BTC', null, null, ['0.0005', '5', '10', '100']],
  ['withdrawal', 'BTC', ['bitcoin', 'hot'], null, ['0.0005', '2', '5', '50']],
  ['withdrawal', 'BTC', ['bitcoin', 'cold'], 'Cold storage', ['1', '100', '100', '500']],
  ['withdrawal', 'ETH-ERC20', null, null, ['0.005', '50', '100', '1000']],
  ['withdrawal', 'TRY', null, null, ['100', '1000000', '2500000', '25000000']],
  ['withdrawal', 'TRY', ['bank', 'hot'], 'Operating account', ['100', '500000', '1000000', '10000000']],
  ['withdrawal', null, null, 'Cold storage', [null, null, '1000000', '10000000']],
  ['p2p', null, null, null, ['100', '500000', '1000000', '10000000']],
  ['p2p', 'USDT-TRC20', null, null, ['20', '30000', '100000', '1000000']],
  ['p2p', 'BTC', null, null, ['0.0005', '1', '3', '25']],
  ['p2p', 'TRYB-ERC20', null, null, ['500', '500000', '1000000', '10000000']],
  ['p2p', null, null, 'P2P escrow', ['50', '250000', null, null]],
  ['p2p', 'USDT-TRC20', null, null, ['20', '50000', '150000', '1500000']],
  ['transfer', null, null, null, ['1', null, null, null]],
  ['transfer', 'USDT-TRC20', null, null, ['1', '500000', '1000000', null]],
  ['transfer', 'BTC', null, null, ['0.00001', '20', null, null]],
  ['transfer', 'TRY', null, null, ['1', '1000000', '3000000', null]],
  ['transfer', null, null, 'Internal ledger', ['0.01', null, null, null]],
];

export const LIMIT_COUNT = LIMITS.length;

/** The limits in lid order, created one after another over the past months by the operations team. */
export function* transactionLimits(seed: number, timeline: Timeline): Generator<TransactionLimit> {
  const rng = rowRng(seed, Stream.limit, 0);
  let createdAt = timeline.now - 300 * DAY_MS;
  for (const [limitType, contractName, wallet, walletName, amounts] of LIMITS) {
    createdAt += rng.int(1, 9 * DAY_MS);
    const [minAmount, maxAmount, dailyCap, monthlyCap] = amounts;
    yield {
      limitType,
      contractName,
      walletAddress: wallet ? platformWallet(seed, wallet[0], wallet[1]) : null,
      walletName,
      minAmount,
      maxAmount,
      dailyCap,
      monthlyCap,
      createdAt,
    };
  }
}
