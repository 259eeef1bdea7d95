import { describe, expect, it } from 'vitest';
import { discRank, float8s, percentileRows, percentilesOf } from './report-percentiles.ts';

/** percentile_disc by its definition: sort (NaN last, as PostgreSQL orders float8), take the rank. */
const bySorting = (values: number[], p: number) =>
  [...values].sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b))[
    discRank(p, values.length)
  ];

/** A small deterministic generator: the same cases on every run. */
function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const bytesOf = (values: number[]) => {
  const bytes = Buffer.alloc(values.length * 8);
  values.forEach((v, i) => {
    bytes.writeDoubleBE(v, i * 8);
  });
  return bytes;
};

describe('percentiles of samples', () => {
  it("takes percentile_disc's rank: the first value at or past p × n, the first value for p = 0", () => {
    expect([0, 0.1, 0.5, 0.9, 1].map((p) => discRank(p, 10))).toEqual([0, 0, 4, 8, 9]);
    expect(discRank(0.5, 1)).toBe(0);
    expect(percentilesOf(Float64Array.from([3, 1, 2]), [0.5, 0.9, 0])).toEqual([2, 3, 1]);
  });

  it('selects what sorting gives, with ties, one value, NaN (above every number) and infinities', () => {
    const random = generator(7);
    const ps = [0, 0.25, 0.5, 0.9, 0.99, 1];
    for (let round = 0; round < 400; round++) {
      const n = 1 + Math.floor(random() * (round % 4 === 0 ? 2_000 : 40));
      // Few distinct values in some rounds (many ties), microsecond fractions in others.
      const distinct = round % 3 === 0 ? 3 : 1e6;
      const values = Array.from({ length: n }, () => {
        const r = random();
        if (round % 5 === 0 && r < 0.05) return Number.NaN;
        if (round % 7 === 0 && r > 0.97)
          return r > 0.985 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
        return Math.floor(random() * distinct) / 1e3 + (distinct > 3 ? random() / 1e6 : 0);
      });
      expect(percentilesOf(Float64Array.from(values), ps), `round ${round}`).toEqual(
        ps.map((p) => bySorting(values, p)),
      );
    }
  });

  it('reads float8send bytes exactly, bit for bit', () => {
    const values = [0, -0, 1e-300, 0.1 + 0.2, 224_574.169_999_999_98, -5.5, Number.MAX_VALUE];
    expect(Array.from(float8s(bytesOf(values)))).toEqual(values);
    // A Buffer from Node's shared pool starts at any offset; the values must not depend on it.
    const pooled = Buffer.from(`x${bytesOf(values).toString('latin1')}`, 'latin1').subarray(1);
    expect(Array.from(float8s(pooled))).toEqual(values);
  });

  it('pools the fine groups each set keeps and leaves the others out, as GROUPING SETS would', () => {
    const fine = [
      { cur: true, period: '2024-05-01', officer: 'ayse', v: bytesOf([10, 20]) },
      { cur: true, period: '2024-05-02', officer: 'ayse', v: bytesOf([30]) },
      { cur: true, period: '2024-05-02', officer: 'mert', v: bytesOf([40, 50, 60]) },
      { cur: false, period: '2024-04-30', officer: 'mert', v: bytesOf([5]) },
    ];
    const columns = ['cur', 'period', 'officer'];
    const rows = percentileRows(
      fine,
      columns,
      [
        { columns: ['cur'], g: 0b011 },
        { columns: ['cur', 'officer'], g: 0b010 },
        { columns: ['cur', 'period'], g: 0b001 },
      ],
      [
        { key: 'median', percentile: 0.5 },
        { key: 'p90', percentile: 0.9 },
      ],
    );
    const row = (g: number, cur: boolean, period: string | null, officer: string | null) =>
      rows.find((r) => r.g === g && r.cur === cur && r.period === period && r.officer === officer);
    expect(rows).toHaveLength(2 + 3 + 3);
    expect(row(0b011, true, null, null)).toMatchObject({ m_median: '30', m_p90: '60' });
    expect(row(0b011, false, null, null)).toMatchObject({ m_median: '5', m_p90: '5' });
    expect(row(0b010, true, null, 'ayse')).toMatchObject({ m_median: '20', m_p90: '30' });
    expect(row(0b010, true, null, 'mert')).toMatchObject({ m_median: '50', m_p90: '60' });
    expect(row(0b001, true, '2024-05-02', null)).toMatchObject({ m_median: '40', m_p90: '60' });
  });
});
