import { describe, expect, it } from 'vitest';
import { hasLonePoint } from './report-charts.tsx';

const line = (...values: (number | null)[]) => values.map((v) => ({ current: v }));

describe('hasLonePoint (the trend keeps its dots only for a figure a line cannot draw)', () => {
  it('finds a figure between two gaps, or between a gap and an end', () => {
    expect(hasLonePoint(line(1, null, 3, null), 'current')).toBe(true);
    expect(hasLonePoint(line(5, null, null), 'current')).toBe(true);
    expect(hasLonePoint(line(null, 4), 'current')).toBe(true);
    expect(hasLonePoint(line(7), 'current')).toBe(true);
  });

  it('finds none where every figure joins a neighbour', () => {
    expect(hasLonePoint(line(1, 2, null, 4, 5), 'current')).toBe(false);
    expect(hasLonePoint(line(0, 0), 'current')).toBe(false);
    expect(hasLonePoint(line(null, null), 'current')).toBe(false);
    expect(hasLonePoint([], 'current')).toBe(false);
  });
});
