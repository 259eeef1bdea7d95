/** Where the time comes from: injected wherever time decides something, so tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance(ms)` is how tests let time pass. */
export function manualClock(start: Date | string = '2026-01-01T00:00:00Z') {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
    set(to: Date | string) {
      at = new Date(to).getTime();
    },
  };
}

/** The instant `days` whole days (of 24 hours) before `at`: the start of a look-back window. */
export const daysBefore = (at: Date, days: number): Date => new Date(at.getTime() - days * 86_400_000);
