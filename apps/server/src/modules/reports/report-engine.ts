import type {
  Report,
  ReportBreakdown,
  ReportFilterKey,
  ReportMeasure,
  ReportName,
  ReportUnit,
} from '@backdesk/contract';
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { periodsOf, type ReportRange } from './report-range.ts';

/**
 * The one report query (docs/decisions/0014-report-rollups.md). A report reads "facts": rows with a
 * moment `at`, dimension columns and summable figures. From a rollup, `at` is the UTC hour of the
 * bucket; an hour that a local midnight of the display zone cuts in two (zones at :30 or :45, or a
 * range edge there) is read from the raw rows instead, so every day is exact in every zone. The facts
 * are grouped by side (range or previous range) and period, and by each breakdown's dimensions, in one
 * pass (GROUPING SETS).
 */

/** The epoch of `date_bin`: hours are whole UTC hours whatever the session's zone. */
export const HOUR_ORIGIN = sql`timestamptz '2000-01-01 00:00+00'`;

export interface FactSource {
  /**
   * The hourly rollup's rows as facts (`at` = the bucket's hour, `n` = how many raw rows it sums);
   * absent when the report reads raw rows only.
   */
  rollup?: SQL;
  /**
   * The daily rollup's rows for the zones it keeps (`zone`, `day` = the zone's calendar day), with the
   * hourly rollup's other columns.
   */
  daily?: SQL;
  /** The same columns as the hourly rollup over the raw rows, `at` = the row's own moment. */
  raw: SQL;
}

export interface MeasureDef {
  key: string;
  unit: ReportUnit;
  /** An aggregate over the facts, e.g. sum(n). */
  sql: SQL;
  /** How an empty period reads: '0' for sums and counts, nothing for an average or a percentile. */
  empty?: '0' | null;
}

export interface BreakdownDef {
  key: string;
  /** Fact columns. */
  dimensions: string[];
  measures: string[];
  /** Leave out the row of facts that have none of these dimensions (e.g. denied access in a table of restriction kinds). */
  dropBlank?: true;
  /** Leave out the rows without a figure in either range (facts of another kind, read by other tables). */
  dropEmpty?: true;
}

export interface ReportDef {
  name: ReportName;
  source: FactSource;
  /** Which fact column each filter the report accepts narrows. */
  filters: Partial<Record<ReportFilterKey, string>>;
  measures: MeasureDef[];
  /** The measures of the time series. */
  series: string[];
  breakdowns: BreakdownDef[];
  /** Adds to the facts (each with its local day `d`) what the measures need, e.g. the day's rate. */
  enrich?: (facts: SQL) => SQL;
  /** Tables that are not sums over facts (a funnel, a snapshot), computed beside the main query. */
  extra?: (db: DbOrTx, range: ReportRange, filters: ReportFilters) => Promise<ReportBreakdown[]>;
  pending?: string[];
}

/** Where the facts come from: a zone's daily rollup, the hourly rollup, or the raw rows. */
export type FactMode = 'daily' | 'hourly' | 'raw';
export type ReportFilters = Partial<Record<ReportFilterKey, string | undefined>>;

/** The UTC instant a local day starts at in the range's zone. */
export const localMidnight = (day: string, tz: string) => sql`(${day}::timestamp AT TIME ZONE ${tz})`;

/** The facts of the range and the previous range, each with its local day `d` in the range's zone. */
function factsSql(def: ReportDef, range: ReportRange, mode: FactMode, filters: ReportFilters): SQL {
  const lo = localMidnight(range.previousFrom, range.tz);
  const hi = localMidnight(range.end, range.tz);
  const narrowed = Object.entries(def.filters)
    .filter(([key]) => filters[key as ReportFilterKey] !== undefined)
    .map(([key, column]) => sql`q.${sql.identifier(column!)} = ${filters[key as ReportFilterKey]}`);
  const where = (...conditions: SQL[]) => sql.join([...conditions, ...narrowed], sql` AND `);
  const day = sql`(q.at AT TIME ZONE ${range.tz})::date AS d`;
  if (mode === 'daily' && def.source.daily)
    return sql`
      SELECT q.*, q.day AS d FROM (${def.source.daily}) q
       WHERE ${where(
         sql`q.zone = ${range.tz}`,
         sql`q.day >= ${range.previousFrom}::date`,
         sql`q.day <= ${range.to}::date`,
         sql`q.n <> 0`,
       )}`;
  if (mode === 'raw' || !def.source.rollup)
    return sql`SELECT q.*, ${day} FROM (${def.source.raw}) q WHERE ${where(sql`q.at >= ${lo}`, sql`q.at < ${hi}`)}`;
  return sql`
    SELECT q.*, ${day} FROM (${def.source.rollup}) q
     WHERE ${where(
       sql`q.at >= date_bin('1 hour', ${lo}, ${HOUR_ORIGIN})`,
       sql`q.at < ${hi}`,
       // a bucket whose rows all moved away or went stays behind at zero
       sql`q.n <> 0`,
       sql`NOT EXISTS (SELECT 1 FROM straddle s WHERE s.h = q.at)`,
     )}
    UNION ALL
    SELECT q.*, ${day} FROM straddle s CROSS JOIN LATERAL (
      SELECT q.* FROM (${def.source.raw}) q
       WHERE ${where(
         sql`q.at >= greatest(s.h, ${lo})`,
         sql`q.at < least(s.h + interval '1 hour', ${hi})`,
       )}) q`;
}

/** The hours a local midnight of the range falls inside rather than on (none in whole-hour zones). */
function straddleSql(range: ReportRange): SQL {
  return sql`
    SELECT DISTINCT date_bin('1 hour', m, ${HOUR_ORIGIN}) AS h
      FROM (SELECT d AT TIME ZONE ${range.tz} AS m
              FROM generate_series(${range.previousFrom}::timestamp, ${range.end}::timestamp, interval '1 day') d) x
     WHERE m <> date_bin('1 hour', m, ${HOUR_ORIGIN})`;
}

/**
 * Which side of the comparison a fact is on (`cur`: the range, else the previous range) and its
 * period. A daily rollup's facts carry their local day. Other facts carry an instant, and are placed
 * by comparing it with the instants the range and each period begin at in the range's zone (one
 * row, `bounds`): the same answer as converting every fact's instant to a local day (a day's start
 * moves forward with the day), without a zone conversion per row, which cost most of a raw year's
 * report (compliance over 365 days: ~117,000 decisions).
 */
function sidesAndPeriods(def: ReportDef, range: ReportRange, mode: FactMode) {
  const starts = [
    ...new Set([
      ...periodsOf(range.previousFrom, range.previousTo, range.groupBy),
      ...periodsOf(range.from, range.to, range.groupBy),
    ]),
  ].sort();
  const dates = sql.join(
    starts.map((day) => sql`${day}::date`),
    sql`, `,
  );
  const instants = sql.join(
    starts.map((day) => localMidnight(day, range.tz)),
    sql`, `,
  );
  const bounds = sql`SELECT ARRAY[${dates}]::date[] AS starts, ARRAY[${instants}]::timestamptz[] AS instants,
                            ${localMidnight(range.from, range.tz)} AS from_at`;
  if (mode === 'daily' && def.source.daily)
    return {
      bounds,
      cur: sql`f.d >= ${range.from}::date`,
      period: sql`date_trunc(${range.groupBy}, f.d::timestamp)::date`,
    };
  return { bounds, cur: sql`f.at >= b.from_at`, period: sql`b.starts[width_bucket(f.at, b.instants)]` };
}

type Row = Record<string, unknown> & { g: number; cur: boolean | null; period: string | null };

/** A figure as the wire carries it: exact, without trailing zeros. */
export const figure = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Decimal(String(value)).toFixed();

export async function runReport(
  db: DbOrTx,
  def: ReportDef,
  range: ReportRange,
  filters: ReportFilters,
  mode: FactMode,
  now: Date,
): Promise<Report> {
  const dims = [...new Set(def.breakdowns.flatMap((b) => b.dimensions))];
  const groupingColumns = ['cur', 'period', ...dims];
  const sets = [['cur', 'period'], ['cur'], ...def.breakdowns.map((b) => ['cur', ...b.dimensions])];
  // GROUPING(a, b, …) sets a bit (first argument highest) for each column a set leaves out.
  const maskOf = (set: string[]) =>
    groupingColumns.reduce(
      (mask, column, i) => (set.includes(column) ? mask : mask | (1 << (groupingColumns.length - 1 - i))),
      0,
    );
  const ident = (c: string) => sql.identifier(c);
  const { bounds, cur, period } = sidesAndPeriods(def, range, mode);
  const query = sql`
    WITH straddle AS (${straddleSql(range)}),
    bounds AS MATERIALIZED (${bounds}),
    facts AS (${factsSql(def, range, mode, filters)})
    SELECT GROUPING(${sql.join(groupingColumns.map(ident), sql`, `)}) AS g, cur, period::text AS period,
           ${sql.join(
             dims.map((d) => sql`${ident(d)}::text AS ${ident(d)}`),
             sql`, `,
           )}${dims.length ? sql`, ` : sql``}
           ${sql.join(
             def.measures.map((m) => sql`(${m.sql})::text AS ${ident(`m_${m.key}`)}`),
             sql`, `,
           )}
      FROM (SELECT f.*, ${cur} AS cur, ${period} AS period
              FROM (${def.enrich ? def.enrich(sql`SELECT * FROM facts`) : sql`SELECT * FROM facts`}) f
              CROSS JOIN bounds b) f
     GROUP BY GROUPING SETS (${sql.join(
       sets.map((set) => sql`(${sql.join(set.map(ident), sql`, `)})`),
       sql`, `,
     )})`;
  const rows = (await db.execute<Row>(query)).rows;
  const [seriesMask, totalMask, ...breakdownMasks] = sets.map(maskOf);

  const measureOf = new Map(def.measures.map((m) => [m.key, m]));
  const figuresOf = (row: Row | undefined, keys: string[]) =>
    Object.fromEntries(
      keys.map((key) => [key, row ? figure(row[`m_${key}`]) : emptyOf(measureOf.get(key)!)]),
    );
  const seriesRow = new Map<string, Row>();
  for (const row of rows) if (row.g === seriesMask) seriesRow.set(`${row.cur}|${row.period}`, row);
  const current = periodsOf(range.from, range.to, range.groupBy);
  const previous = periodsOf(range.previousFrom, range.previousTo, range.groupBy);
  const totalRow = (cur: boolean) => rows.find((r) => r.g === totalMask && r.cur === cur);

  const breakdowns: ReportBreakdown[] = def.breakdowns.map((b, i) => {
    const byKeys = new Map<string, { keys: string[]; cur?: Row; prev?: Row }>();
    for (const row of rows) {
      if (row.g !== breakdownMasks[i]) continue;
      const keys = b.dimensions.map((d) => String(row[d] ?? ''));
      const id = JSON.stringify(keys);
      const entry = byKeys.get(id) ?? { keys };
      if (row.cur) entry.cur = row;
      else entry.prev = row;
      byKeys.set(id, entry);
    }
    return {
      key: b.key,
      dimensions: b.dimensions,
      measures: b.measures.map((key) => measureSpec(measureOf.get(key)!)),
      rows: [...byKeys.values()]
        .filter((e) => !b.dropBlank || e.keys.some((k) => k !== ''))
        .filter((e) => !b.dropEmpty || [e.cur, e.prev].some((row) => hasFigure(row, b.measures)))
        .sort((a, c) => a.keys.join('\u0000').localeCompare(c.keys.join('\u0000')))
        .map((e) => ({
          keys: e.keys,
          values: figuresOf(e.cur, b.measures),
          previous: figuresOf(e.prev, b.measures),
        })),
    };
  });
  const extra = def.extra ? await def.extra(db, range, filters) : [];

  return {
    report: def.name,
    range: {
      from: range.from,
      to: range.to,
      previousFrom: range.previousFrom,
      previousTo: range.previousTo,
      tz: range.tz,
      groupBy: range.groupBy,
    },
    measures: def.series.map((key) => measureSpec(measureOf.get(key)!)),
    periods: current.map((start, i) => ({
      start,
      previousStart: previous[i] ?? null,
      values: figuresOf(seriesRow.get(`true|${start}`), def.series),
      previous:
        previous[i] === undefined ? null : figuresOf(seriesRow.get(`false|${previous[i]}`), def.series),
    })),
    totals: {
      values: figuresOf(totalRow(true), def.series),
      previous: figuresOf(totalRow(false), def.series),
    },
    breakdowns: [...breakdowns, ...extra],
    pending: [...(def.pending ?? [])],
    generatedAt: now.toISOString(),
  };
}

const measureSpec = (m: MeasureDef): ReportMeasure => ({ key: m.key, unit: m.unit });

/** A period or row without facts: 0 for a sum, none (null, not '0') for a percentile or an average. */
const emptyOf = (m: MeasureDef): string | null => (m.empty === undefined ? '0' : m.empty);

/** Whether a row has any of the measures other than zero or none. */
const hasFigure = (row: Row | undefined, keys: string[]) =>
  row !== undefined && keys.some((key) => !['0', null].includes(figure(row[`m_${key}`])));
