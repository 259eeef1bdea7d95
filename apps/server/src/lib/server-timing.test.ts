import { describe, expect, it } from 'vitest';
import { createServerTiming, parseServerTiming } from './server-timing.ts';

describe('Server-Timing', () => {
  it('writes each metric once, summed, in the order first added', () => {
    const timing = createServerTiming();
    timing.add('travel-rule', 0.0421);
    timing.add('check', 3.5);
    timing.add('travel-rule', 0.01);
    expect(timing.header()).toBe('travel-rule;dur=0.052, check;dur=3.500');
  });

  it('sends nothing when nothing was measured', () => {
    expect(createServerTiming().header()).toBeUndefined();
  });

  it('refuses a name that is not an HTTP token', () => {
    expect(() => createServerTiming().add('travel rule', 1)).toThrow(/not a token/);
    expect(() => createServerTiming().add('a,b', 1)).toThrow(/not a token/);
  });

  it('reads back what it wrote, and what other servers write', () => {
    const timing = createServerTiming();
    timing.add('travel-rule', 0.25);
    timing.add('check', 4);
    expect(parseServerTiming(timing.header())).toEqual(
      new Map([
        ['travel-rule', 0.25],
        ['check', 4],
      ]),
    );
    expect(parseServerTiming('cache;desc="Cache Read";dur=23.2, miss, db;dur="53"')).toEqual(
      new Map([
        ['cache', 23.2],
        ['db', 53],
      ]),
    );
    expect(parseServerTiming(undefined).size).toBe(0);
  });
});
