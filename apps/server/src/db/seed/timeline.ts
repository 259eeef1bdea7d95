/**
 * When things happen. Sign-ups grow over the year (density ∝ e^(kt)), so the last 30 days beat the
 * 30 before by about 11%, a real growth figure for the dashboard. Customer ids follow sign-up order
 * (ids are stratified over the cumulative distribution), which also tells, for any instant, which
 * customers existed then: transactions can pick an owner without looking anything up.
 */

export const DAY_MS = 86_400_000;
export const WINDOW_MS = 365 * DAY_MS;
const GROWTH = 1.25;
const GROWTH_SPAN = Math.expm1(GROWTH);
/** Transaction activity follows the customer count, plus a small base of early traders. */
const ACTIVITY_BASE = 0.05;
const TABLE_SIZE = 4096;

/** Share of customers signed up by window fraction s ∈ [0, 1]. */
const signupsBy = (s: number) => Math.expm1(GROWTH * s) / GROWTH_SPAN;
const signupFractionAt = (share: number) => Math.log1p(share * GROWTH_SPAN) / GROWTH;

export class Timeline {
  readonly start: number;
  private readonly activityCdf: Float64Array;

  constructor(
    readonly now: number,
    readonly customers: number,
  ) {
    this.start = now - WINDOW_MS;
    // Cumulative activity ∫(base + signupsBy) on a grid, normalised; inverted by table lookup.
    const cdf = new Float64Array(TABLE_SIZE + 1);
    let previous = ACTIVITY_BASE;
    for (let i = 1; i <= TABLE_SIZE; i++) {
      const current = ACTIVITY_BASE + signupsBy(i / TABLE_SIZE);
      cdf[i] = cdf[i - 1]! + (previous + current) / 2;
      previous = current;
    }
    const total = cdf[TABLE_SIZE]!;
    for (let i = 0; i <= TABLE_SIZE; i++) cdf[i]! /= total;
    this.activityCdf = cdf;
  }

  /** Sign-up instant of customer `id` (1-based); `jitter` ∈ [0, 1) places it inside its slot. */
  customerCreatedAt(id: number, jitter: number): number {
    const share = (id - 1 + jitter) / this.customers;
    return Math.floor(this.start + signupFractionAt(share) * WINDOW_MS);
  }

  /** How many customers (ids 1..n) had signed up by `at`. */
  customersBy(at: number): number {
    const s = Math.min(1, Math.max(0, (at - this.start) / WINDOW_MS));
    return Math.min(this.customers, Math.floor(this.customers * signupsBy(s)));
  }

  /** Instant of the `index`-th (0-based) of `count` transactions; increasing with `index`. */
  activityAt(index: number, count: number, jitter: number): number {
    const u = (index + jitter) / count;
    const cdf = this.activityCdf;
    let lo = 0;
    let hi = TABLE_SIZE;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! <= u) lo = mid;
      else hi = mid;
    }
    const span = cdf[hi]! - cdf[lo]!;
    const s = (lo + (span > 0 ? (u - cdf[lo]!) / span : 0)) / TABLE_SIZE;
    return Math.min(this.now, Math.floor(this.start + s * WINDOW_MS));
  }
}
