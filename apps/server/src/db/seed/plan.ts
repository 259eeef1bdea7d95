import type { SeedPlan } from './tables.ts';
import { Timeline } from './timeline.ts';

/** What decides the data set; same input, same rows. */
export interface PlanInput {
  customers: number;
  offers?: number;
  trades?: number;
  walletTransactions?: number;
  seed?: number;
  now?: Date;
}

export const DEFAULT_SEED = 20_240_601;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function count(name: string, value: number | undefined, fallback: number, min = 0): number {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < min)
    throw new RangeError(`${name} must be an integer ≥ ${min}, got ${n}`);
  return n;
}

/** Sizes with their defaults filled in, and the timeline everything is dated on. */
export function planSeed(input: PlanInput): SeedPlan {
  const customers = count('customers', input.customers, 0, 1);
  const now = input.now ?? new Date();
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');
  return {
    seed: count('seed', input.seed, DEFAULT_SEED),
    customers,
    offers: count('offers', input.offers, clamp(Math.floor(customers / 20), 20, 10_000)),
    trades: count('trades', input.trades, clamp(Math.floor(customers / 5), 50, 100_000)),
    walletTransactions: count(
      'walletTransactions',
      input.walletTransactions,
      Math.min(customers * 5, 5_000_000),
    ),
    timeline: new Timeline(now.getTime(), customers),
  };
}
