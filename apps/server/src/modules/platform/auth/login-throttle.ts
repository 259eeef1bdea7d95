import type { DbOrTx, Tx } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { FailureWindow, LoginThrottleRepository } from './login-throttle.repository.ts';

export interface LoginLimits {
  windowSeconds: number;
  failuresBeforeDelay: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  maxDelaySeconds: number;
}

/** An address the account signed in from within this time is its owner's: see the pair rule below. */
const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 1000;

/**
 * How long a sign-in attempt must wait (docs/decisions/0006-sign-in-throttling.md). Three counts, each
 * with a threshold past which every further failure doubles the wait after the latest one, up to a cap:
 * - the account from this address (a success or a super's clear starts it afresh): slows a guesser and
 *   nobody else;
 * - the account from every address: slows guessing spread over many addresses, but an address the
 *   account signed in from before is exempt, so guessers cannot lock its owner out;
 * - the address across accounts (password spraying), with the same exemption.
 */
export function createLoginThrottle(deps: {
  repo: LoginThrottleRepository;
  clock: Clock;
  limits: LoginLimits;
}) {
  const { repo, clock, limits } = deps;

  /** Milliseconds still to wait when `window` is past `threshold`, else 0. */
  const waitFor = (window: FailureWindow, threshold: number, now: number): number => {
    if (window.failures < threshold || !window.latest) return 0;
    const delay = Math.min(
      limits.maxDelaySeconds * 1000,
      FIRST_DELAY_MS * 2 ** (window.failures - threshold),
    );
    return Math.max(0, window.latest.getTime() + delay - now);
  };

  const later = (...dates: (Date | null)[]) =>
    new Date(Math.max(...dates.map((d) => d?.getTime() ?? Number.NEGATIVE_INFINITY)));

  return {
    /**
     * Takes the attempt's locks (held until `tx` ends), then answers the seconds to wait before the
     * password may be tried, or undefined when it may be tried now.
     */
    async retryAfterSeconds(tx: Tx, userName: string, ip: string): Promise<number | undefined> {
      await repo.lockAttempt(tx, userName, ip);
      const now = clock.now().getTime();
      const windowStart = new Date(now - limits.windowSeconds * 1000);
      const lastSignIn = await repo.lastSignIn(tx, userName, ip);
      const lastCleared = await repo.lastCleared(tx, userName);
      const known = lastSignIn !== null && lastSignIn.getTime() > now - KNOWN_ADDRESS_MS;

      const pair = await repo.failuresSince(
        tx,
        { userName, ip },
        later(windowStart, lastSignIn, lastCleared),
      );
      const waits = [waitFor(pair, limits.failuresBeforeDelay, now)];
      if (!known) {
        const account = await repo.failuresSince(tx, { userName }, later(windowStart, lastCleared));
        const address = await repo.failuresSince(tx, { ip }, windowStart);
        waits.push(waitFor(account, limits.maxFailuresPerAccount, now));
        waits.push(waitFor(address, limits.maxFailuresPerAddress, now));
      }
      const wait = Math.max(...waits);
      return wait > 0 ? Math.ceil(wait / 1000) : undefined;
    },

    /**
     * The second sign-in step (and every other two-factor code check) of a member who already gave
     * the password: their wrong codes from any address count, since their last success or a super's
     * clear, with the same growing waits. No address is exempt — whoever is guessing already holds
     * the password, so the code is the last line. Takes the member's lock, held until `tx` ends.
     */
    async secondStepRetryAfterSeconds(tx: Tx, memberId: number): Promise<number | undefined> {
      await repo.lockSecondStep(tx, memberId);
      const now = clock.now().getTime();
      const since = later(
        new Date(now - limits.windowSeconds * 1000),
        await repo.lastSecondStepReset(tx, memberId),
      );
      const failures = await repo.secondStepFailuresSince(tx, memberId, since);
      const wait = waitFor(failures, limits.failuresBeforeDelay, now);
      return wait > 0 ? Math.ceil(wait / 1000) : undefined;
    },

    /** The account's failures a super's clear would forget: those counted since the last clear. */
    async countedFailures(db: DbOrTx, userName: string): Promise<number> {
      const now = clock.now().getTime();
      const since = later(new Date(now - limits.windowSeconds * 1000), await repo.lastCleared(db, userName));
      return (await repo.failuresSince(db, { userName }, since)).failures;
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
