import { hash32 } from './prng.ts';

/**
 * The report facts the demo rows carry (migration report_rollups), drawn from a hash of the row so
 * the rest of each row stays exactly as before: a deposit's channel, its source-of-funds check and
 * hold, and when a finished P2P trade ended.
 */

const MINUTE_MS = 60_000;

/** Per 1,000 deposits: most pass the check; a review or a failure holds the funds. */
export function depositFacts(
  seed: number,
  id: number,
  type: string,
  network: string,
  status: string,
): { channel: string | null; sourceCheck: string | null; holdState: string | null } {
  if (type !== 'deposit') return { channel: null, sourceCheck: null, holdState: null };
  const h = hash32(seed, 0x5eed, id) % 1000;
  const channel = network === 'BANK' ? (h % 3 === 0 ? 'instant_payment' : 'bank_transfer') : 'on_chain';
  if (status === 'pending') return { channel, sourceCheck: 'pending', holdState: 'none' };
  if (status === 'rejected' || status === 'failed')
    return { channel, sourceCheck: 'failed', holdState: 'held' };
  if (h < 900) return { channel, sourceCheck: 'passed', holdState: 'none' };
  if (h < 970) return { channel, sourceCheck: 'review', holdState: 'released' };
  return { channel, sourceCheck: 'review', holdState: 'held' };
}

/** A completed or cancelled trade ended 3 minutes to 3 hours after it opened, never after `now`. */
export function tradeClosedAt(seed: number, index: number, status: string, createdAt: number, now: number) {
  if (status !== 'completed' && status !== 'cancelled') return null;
  return Math.min(now, createdAt + (3 + (hash32(seed, 0xc105, index) % 178)) * MINUTE_MS);
}
