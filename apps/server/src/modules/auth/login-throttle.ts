import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FailureWindow, LoginThrottleRepository } from './login-throttle.repository.ts';

export interface LoginLimits {
  windowSeconds: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
}

/**
 * How long a sign-in attempt must wait after too many failures. An account's own limit counts the
 * failures from this address, so nobody elsewhere can lock its owner out; a ten times wider limit per
 * account still stops a guesser spread over many addresses.
 */
export function createLoginThrottle(deps: {
  repo: LoginThrottleRepository;
  clock: Clock;
  limits: LoginLimits;
}) {
  const { repo, clock, limits } = deps;
  const windowMs = limits.windowSeconds * 1000;

  return {
    /**
     * Takes the attempt's locks (held until `tx` ends), then answers the seconds until enough failures
     * leave the window, or undefined while under every limit.
     */
    async retryAfterSeconds(tx: Tx, userName: string, ip: string): Promise<number | undefined> {
      await repo.lockAttempt(tx, userName, ip);
      const now = clock.now().getTime();
      const since = new Date(now - windowMs);
      const windows: [FailureWindow, number][] = [
        [await repo.failuresSince(tx, { userName, ip }, since), limits.maxFailuresPerAccount],
        [await repo.failuresSince(tx, { userName }, since), limits.maxFailuresPerAccount * 10],
        [await repo.failuresSince(tx, { ip }, since), limits.maxFailuresPerAddress],
      ];
      const waits = windows
        .filter(([window, max]) => window.failures >= max)
        .map(([window]) =>
          Math.max(1, Math.ceil(((window.oldest?.getTime() ?? now) + windowMs - now) / 1000)),
        );
      return waits.length ? Math.max(...waits) : undefined;
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
