import type { Report, ReportUnit } from '@backdesk/contract';
import { Decimal } from '../../lib/decimal.ts';
import type { ExportTable } from './export-file.ts';

export { Decimal };

/** A figure as a chart draws it: only here does an exact decimal become a float. */
export const drawn = (value: string | null | undefined) =>
  value == null ? null : new Decimal(value).toNumber();

export type CellKind = ReportUnit | 'text' | 'delta';
export interface Cell {
  /** Exact: a decimal string, a key, or null for "no figure". */
  raw: string | null;
  kind: CellKind;
  /** The asset an amount is in, when its row is one asset's (a breakdown by asset). */
  asset?: string;
  /** A period's first day (YYYY-MM-DD): what an export writes, a typed date, instead of its label. */
  day?: string;
}
export interface ShownTable {
  key: string;
  title: string;
  columns: { key: string; label: string; kind: CellKind }[];
  rows: { key: string; cells: Cell[] }[];
}

export interface Words {
  measure: (key: string) => string;
  dimension: (key: string) => string;
  value: (dimension: string, value: string) => string;
  table: (key: string) => string;
  period: string;
  previous: (label: string) => string;
  change: (label: string) => string;
  total: string;
  periodLabel: (start: string) => string;
}

/** The change from `previous` to `current` in percent, one decimal; none when there is no base. */
export function deltaPercent(current: string | null, previous: string | null | undefined): string | null {
  if (current === null || previous === null || previous === undefined) return null;
  const base = new Decimal(previous);
  if (base.isZero()) return null;
  return new Decimal(current).minus(base).div(base.abs()).times(100).toFixed(1);
}

function measureColumns(
  words: Words,
  measures: { key: string; unit: ReportUnit }[],
  compare: boolean,
): ShownTable['columns'] {
  return measures.flatMap((m) => {
    const label = words.measure(m.key);
    const own = { key: m.key, label, kind: m.unit };
    return compare
      ? [
          own,
          { key: `${m.key}:previous`, label: words.previous(label), kind: m.unit },
          { key: `${m.key}:change`, label: words.change(label), kind: 'delta' as const },
        ]
      : [own];
  });
}

function measureCells(
  measures: { key: string; unit: ReportUnit }[],
  values: Record<string, string | null>,
  previous: Record<string, string | null> | null,
  compare: boolean,
  asset?: string,
): Cell[] {
  return measures.flatMap((m) => {
    const own: Cell = { raw: values[m.key] ?? null, kind: m.unit, asset };
    if (!compare) return [own];
    const before = previous?.[m.key] ?? null;
    return [
      own,
      { raw: before, kind: m.unit, asset },
      { raw: deltaPercent(own.raw, before), kind: 'delta' as const },
    ];
  });
}

/**
 * The asset of a breakdown's row by asset (its `asset` dimension), or the currency of a row by
 * currency (the travel rule's amounts in a jurisdiction's currency), which its amounts are in.
 */
function assetOfRow(dimensions: readonly string[], keys: readonly string[]): string | undefined {
  const at = dimensions.includes('asset') ? dimensions.indexOf('asset') : dimensions.indexOf('currency');
  return at === -1 ? undefined : keys[at];
}

/** Every table the page shows, in order: the periods with their totals, then each breakdown. */
export function shownTables(report: Report, words: Words, compare: boolean): ShownTable[] {
  const periods: ShownTable = {
    key: 'periods',
    title: words.table('periods'),
    columns: [
      { key: 'period', label: words.period, kind: 'text' },
      ...measureColumns(words, report.measures, compare),
    ],
    rows: [
      ...report.periods.map((p) => ({
        key: p.start,
        cells: [
          { raw: words.periodLabel(p.start), kind: 'text' as const, day: p.start.slice(0, 10) },
          ...measureCells(report.measures, p.values, p.previous, compare),
        ],
      })),
      {
        key: 'total',
        cells: [
          { raw: words.total, kind: 'text' as const },
          ...measureCells(report.measures, report.totals.values, report.totals.previous, compare),
        ],
      },
    ],
  };
  const breakdowns = report.breakdowns.map((b): ShownTable => {
    // A snapshot (figures as they stand now) has no previous figures to compare with.
    const cmp = compare && b.rows.some((r) => Object.values(r.previous).some((v) => v !== null));
    return {
      key: b.key,
      title: words.table(b.key),
      columns: [
        ...b.dimensions.map((d) => ({ key: `by:${d}`, label: words.dimension(d), kind: 'text' as const })),
        ...measureColumns(words, b.measures, cmp),
      ],
      rows: b.rows.map((r) => ({
        key: JSON.stringify(r.keys),
        cells: [
          ...r.keys.map((k, i) => ({ raw: words.value(b.dimensions[i]!, k), kind: 'text' as const })),
          ...measureCells(b.measures, r.values, r.previous, cmp, assetOfRow(b.dimensions, r.keys)),
        ],
      })),
    };
  });
  return [periods, ...breakdowns];
}

export const toExportTables = (tables: ShownTable[]): ExportTable[] =>
  tables.map((t) => ({
    title: t.title,
    columns: t.columns.map((c) => c.label),
    rows: t.rows.map((row) => row.cells.map((c) => c.day ?? c.raw ?? '')),
    numeric: t.columns.map((c) => c.kind !== 'text'),
    // The periods' column holds days (its totals row a word, written as text).
    days: t.columns.map((c) => c.key === 'period'),
  }));
