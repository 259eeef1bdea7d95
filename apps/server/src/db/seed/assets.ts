import { type AddressKind, addressFor } from './addresses.ts';
import { type AmountRange, drawPrice } from './decimal-text.ts';
import { type Rng, rowRng, Stream, weighted } from './prng.ts';

/** One way money moves: an asset on a network. */
export interface Rail {
  asset: string;
  network: string;
  kind: AddressKind;
  /** Deposits, withdrawals and transfers. */
  amount: AmountRange;
  /** Trading commissions booked as "fee" transactions. */
  commission: AmountRange;
  withdrawalFee: (rng: Rng) => string;
  /** Minutes from broadcast to credit, as [min, max]. */
  settleMinutes: readonly [number, number];
}

export const RAILS: readonly Rail[] = [
  {
    asset: 'USDT',
    network: 'TRC20',
    kind: 'tron',
    amount: { min: 10, max: 50_000, scale: 6 },
    commission: { min: 0.05, max: 40, scale: 6 },
    withdrawalFee: () => '1',
    settleMinutes: [1, 4],
  },
  {
    asset: 'USDT',
    network: 'ERC20',
    kind: 'evm',
    amount: { min: 50, max: 100_000, scale: 6 },
    commission: { min: 0.05, max: 60, scale: 6 },
    withdrawalFee: (rng) => drawPrice(rng, 2.5, 9, 2),
    settleMinutes: [2, 10],
  },
  {
    asset: 'USDC',
    network: 'ERC20',
    kind: 'evm',
    amount: { min: 50, max: 60_000, scale: 6 },
    commission: { min: 0.05, max: 40, scale: 6 },
    withdrawalFee: (rng) => drawPrice(rng, 2.5, 9, 2),
    settleMinutes: [2, 10],
  },
  {
    asset: 'BTC',
    network: 'BITCOIN',
    kind: 'bitcoin',
    amount: { min: 0.0002, max: 3, scale: 8 },
    commission: { min: 0.000001, max: 0.0008, scale: 8 },
    withdrawalFee: (rng) => drawPrice(rng, 0.0001, 0.0006, 5),
    settleMinutes: [10, 70],
  },
  {
    asset: 'ETH',
    network: 'ETHEREUM',
    kind: 'evm',
    amount: { min: 0.003, max: 40, scale: 8 },
    commission: { min: 0.00002, max: 0.01, scale: 8 },
    withdrawalFee: (rng) => drawPrice(rng, 0.0012, 0.004, 4),
    settleMinutes: [1, 6],
  },
  {
    asset: 'TRY',
    network: 'BANK',
    kind: 'bank',
    amount: { min: 100, max: 750_000, scale: 2 },
    commission: { min: 1, max: 1_500, scale: 2 },
    // FAST and EFT transfers out are free for customers at most Turkish exchanges.
    withdrawalFee: () => '0',
    settleMinutes: [1, 45],
  },
];

/** The places the exchange's catalogue gives each asset (ether's 18, USDT's and USDC's 6). */
export const ASSET_PRECISION: Readonly<Record<string, number>> = {
  USDT: 6,
  USDC: 6,
  BTC: 8,
  ETH: 18,
  TRY: 2,
};

/** The exchange's id of a rail's catalogue entry, as the simulator sends it. */
export const catalogueExternalId = (rail: Pick<Rail, 'asset' | 'network'>): string =>
  `asset_${rail.asset}_${rail.network}`;

export const pickRail = weighted(RAILS.map((rail, i) => [rail, [38, 10, 7, 12, 10, 23][i]!] as const));

/** What a P2P offer sells; prices are in TRY. */
export interface P2pContract {
  name: string;
  kind: AddressKind;
  price: { min: number; max: number; scales: readonly number[] };
  tradeAmount: AmountRange;
}

export const P2P_CONTRACTS: readonly P2pContract[] = [
  {
    name: 'USDT-TRC20',
    kind: 'tron',
    price: { min: 34.2, max: 36.1, scales: [2, 4, 4, 8] },
    tradeAmount: { min: 20, max: 25_000, scale: 6 },
  },
  {
    name: 'USDT-ERC20',
    kind: 'evm',
    price: { min: 34.2, max: 36.1, scales: [2, 4] },
    tradeAmount: { min: 100, max: 40_000, scale: 6 },
  },
  {
    name: 'BTC',
    kind: 'bitcoin',
    price: { min: 3_000_000, max: 3_500_000, scales: [0, 2, 2] },
    tradeAmount: { min: 0.0005, max: 0.8, scale: 8 },
  },
  {
    name: 'ETH-ERC20',
    kind: 'evm',
    price: { min: 110_000, max: 135_000, scales: [0, 2] },
    tradeAmount: { min: 0.01, max: 12, scale: 8 },
  },
  {
    name: 'USDC-ERC20',
    kind: 'evm',
    price: { min: 34.1, max: 36, scales: [2, 4] },
    tradeAmount: { min: 50, max: 20_000, scale: 6 },
  },
  {
    // BiLira, a lira-pegged token: priced a hair around 1 TRY.
    name: 'TRYB-ERC20',
    kind: 'evm',
    price: { min: 0.995, max: 1.005, scales: [4, 6, 8] },
    tradeAmount: { min: 500, max: 500_000, scale: 2 },
  },
];

export const pickP2pContract = weighted(
  P2P_CONTRACTS.map((c, i) => [c, [45, 14, 12, 10, 10, 9][i]!] as const),
);

const kindIndex = (kind: AddressKind) => ['tron', 'evm', 'bitcoin', 'bank'].indexOf(kind);

/** The deposit address (or IBAN) the exchange gave this customer on this kind of network: stable. */
export function customerDepositAddress(seed: number, customerId: number, kind: AddressKind): string {
  const stream = kind === 'bank' ? Stream.bankAccount : Stream.depositAddress;
  return addressFor(rowRng(seed, stream, customerId * 4 + kindIndex(kind)), kind);
}

/** The external address a customer withdraws to most of the time. */
export function customerUsualWithdrawalAddress(seed: number, customerId: number, kind: AddressKind): string {
  if (kind === 'bank') return customerDepositAddress(seed, customerId, kind); // own IBAN only
  return addressFor(rowRng(seed, Stream.withdrawalAddress, customerId * 4 + kindIndex(kind)), kind);
}

export type PlatformWalletRole = 'hot' | 'cold';

/** The exchange's own wallets (and its operating IBAN for TRY). */
export function platformWallet(seed: number, kind: AddressKind, role: PlatformWalletRole): string {
  return addressFor(rowRng(seed, Stream.platform, kindIndex(kind) + (role === 'cold' ? 10 : 0)), kind);
}
