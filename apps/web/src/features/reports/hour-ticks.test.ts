import { describe, expect, it } from 'vitest';
import { hourTicks } from './hour-ticks.ts';

const inHours = (ticks: number[]) => ticks.map((s) => s / 3600);

describe('hourTicks', () => {
  it('puts the axis of a review time on whole, round hours', () => {
    // The compliance report's median review: up to 72.2 hours.
    expect(inHours(hourTicks(72.2 * 3600))).toEqual([0, 24, 48, 72, 96]);
    expect(inHours(hourTicks(5.5 * 3600))).toEqual([0, 2, 4, 6]);
    expect(inHours(hourTicks(40 * 60))).toEqual([0, 1]);
  });

  it('never has more than the steps asked for, and reaches past the largest value', () => {
    for (const hours of [0.1, 1, 7, 13, 25, 100, 500, 5000]) {
      const ticks = inHours(hourTicks(hours * 3600));
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(hours);
      expect(ticks.every((t) => Number.isInteger(t))).toBe(true);
    }
  });

  it('draws an empty chart from zero to one hour', () => {
    expect(inHours(hourTicks(0))).toEqual([0, 1]);
    expect(inHours(hourTicks(Number.NaN))).toEqual([0, 1]);
  });
});
