/**
 * Percentiles of a report's samples per grouping set, computed in the server from the values of each
 * fine group (side, period and every dimension a set shows) rather than by percentile_disc in the
 * statement: an ordered-set aggregate cannot be hashed, so each grouping set sorted every sample twice
 * (by its keys, then by value per group), and those sorts were most of a year's compliance report
 * (docs/decisions/0014-report-rollups.md, "Percentiles in the server"). A fine group's values arrive
 * as the float8s' own bytes (`float8send`), so each figure is bit for bit the one percentile_disc gives.
 */

import { endianness } from 'node:os';

const LITTLE_ENDIAN = endianness() === 'LE';

/** One fine group of samples: its side, period and dimension values, and its values as big-endian float8s. */
export type FineSamples = Record<string, unknown> & { cur: boolean; period: string | null; v: Buffer };

export interface PercentileSet {
  /** The grouping columns the set keeps (of `cur`, `period` and the dimensions). */
  columns: string[];
  /** GROUPING() of the set over every grouping column, as the statement's rows carry it. */
  g: number;
}

/** The float8s of `float8send` bytes, in order. */
export function float8s(bytes: Buffer): Float64Array {
  const values = new Float64Array(bytes.length / 8);
  // Copied into the array's own (aligned) memory, then from network order to the machine's.
  const raw = Buffer.from(values.buffer);
  bytes.copy(raw);
  if (LITTLE_ENDIAN) raw.swap64();
  return values;
}

/** percentile_disc's rank of p over n values: the first at or past p × n, from 0. */
export const discRank = (p: number, n: number) => Math.max(Math.ceil(p * n), 1) - 1;

/**
 * Moves the value of rank k (from 0, in ascending order) of `values[lo, hi)` to index k, smaller or
 * equal ones before it and greater or equal ones after (quickselect: linear on average, where a sort
 * would be n log n). NaN must be absent.
 */
function select(values: Float64Array, k: number, lo: number, hi: number): void {
  let left = lo;
  let right = hi - 1;
  while (left < right) {
    // A random pivot: no input order can make every partition lopsided.
    const pivot = values[left + Math.floor(Math.random() * (right - left + 1))]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

/**
 * percentile_disc of each p over `values` (reordered in place), as PostgreSQL orders float8: NaN above
 * every number.
 */
export function percentilesOf(values: Float64Array, ps: number[]): number[] {
  let numbers = values.length;
  for (let i = 0; i < numbers; ) {
    if (Number.isNaN(values[i])) values[i] = values[--numbers]!;
    else i++;
  }
  values.fill(Number.NaN, numbers);
  const ranks = ps.map((p) => discRank(p, values.length));
  // Ascending ranks: each selection leaves the values at or above it in (rank, n) for the next.
  let from = 0;
  for (const rank of [...new Set(ranks)].sort((a, b) => a - b)) {
    if (rank >= numbers) break;
    select(values, rank, from, numbers);
    from = rank + 1;
  }
  return ranks.map((rank) => values[rank]!);
}

/**
 * One row per group of each set, shaped like the statement's rows (`g`, the grouping columns, the
 * set's columns kept and the others null, `m_<key>` as text): the fine groups that share the set's
 * columns are pooled.
 */
export function percentileRows(
  fine: FineSamples[],
  groupingColumns: string[],
  sets: PercentileSet[],
  measures: { key: string; percentile: number }[],
): Record<string, unknown>[] {
  const decoded = fine.map((sample) => ({ sample, values: float8s(sample.v) }));
  const rows: Record<string, unknown>[] = [];
  for (const set of sets) {
    const groups = new Map<string, { row: Record<string, unknown>; parts: Float64Array[]; n: number }>();
    for (const { sample, values } of decoded) {
      const keys = groupingColumns.map((c) => (set.columns.includes(c) ? sample[c] : null));
      const id = JSON.stringify(keys);
      let group = groups.get(id);
      if (!group) {
        const row = Object.fromEntries(groupingColumns.map((c, i) => [c, keys[i]]));
        group = { row: { ...row, g: set.g }, parts: [], n: 0 };
        groups.set(id, group);
      }
      group.parts.push(values);
      group.n += values.length;
    }
    for (const { row, parts, n } of groups.values()) {
      const pooled = new Float64Array(n);
      let at = 0;
      for (const part of parts) {
        pooled.set(part, at);
        at += part.length;
      }
      const figures = percentilesOf(
        pooled,
        measures.map((m) => m.percentile),
      );
      measures.forEach((m, i) => {
        row[`m_${m.key}`] = String(figures[i]);
      });
      rows.push(row);
    }
  }
  return rows;
}
