import { describe, expect, it } from 'vitest';
import { compareDecimalText, sortRows } from './client-sort.ts';

describe('sortRows', () => {
  const rows = [
    { id: 1, amount: '2.5', name: 'ışık' },
    { id: 2, amount: '10', name: 'Ada' },
    { id: 3, amount: null, name: 'Can' },
    { id: 4, amount: '2.25', name: 'çınar' },
  ];
  const ids = (sorted: { id: number }[]) => sorted.map((r) => r.id);

  it('compares decimal strings exactly, empty values last in both directions', () => {
    expect(ids(sortRows(rows, 'amount', 'asc', 'en-US'))).toEqual([4, 1, 2, 3]);
    expect(ids(sortRows(rows, 'amount', 'desc', 'en-US'))).toEqual([2, 1, 4, 3]);
  });

  it("sorts text by the locale's alphabet and numbers as numbers", () => {
    expect(ids(sortRows(rows, 'name', 'asc', 'tr-TR'))).toEqual([2, 3, 4, 1]);
    expect(ids(sortRows(rows, 'id', 'desc', 'en-US'))).toEqual([4, 3, 2, 1]);
  });

  it('compares decimal text exactly: signs, zeros, leading and trailing zeros, long digits', () => {
    const pairs: [string, string, number][] = [
      ['2.5', '2.25', 1],
      ['10', '9.999', 1],
      ['-3', '2', -1],
      ['-3', '-2.5', -1],
      ['-0.00', '0', 0],
      ['007.10', '7.1', 0],
      ['0.000000000000000001', '0', 1],
      ['123456789012345678901234567890.1', '123456789012345678901234567890.09', 1],
    ];
    for (const [a, b, expected] of pairs) {
      expect(compareDecimalText(a, b), `${a} vs ${b}`).toBe(expected);
      expect(compareDecimalText(b, a), `${b} vs ${a}`).toBe(-expected || 0);
    }
  });

  it('leaves the input alone', () => {
    const copy = [...rows];
    sortRows(rows, 'amount', 'asc', 'en-US');
    expect(rows).toEqual(copy);
  });
});
