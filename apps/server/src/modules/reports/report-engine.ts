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
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type FineSamples, percentileRows } from './report-percentiles.ts';
import { periodsOf, type ReportRange } from './report-range.ts';

/**
 * The one report query (docs/decisions/0014-report-rollups.md). A report reads "facts": rows with a
 * moment `at`, dimension columns and summable figures. From a rollup, `at` is the UTC hour of the
 * bucket; an hour that a local midnight of the display zone cuts in two (zones at :30 or :45, or a
 * range edge there) is read from the raw rows instead, so every day is exact in every zone. The facts
 * are grouped by side (range or previous range) and period, and by each breakdown's dimensions, in one
 * statement (GROUPING SETS; percentiles apart, see groupedRows).
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
  /**
   * The raw rows a percentile's fact column is taken from, by column (a percentile cannot be summed,
   * so it never comes from a rollup): `at`, the column, the dimensions of the tables that show its
   * percentiles and the report's filter columns. Default: `raw`.
   */
  samples?: Record<string, SQL>;
}

/** A sum over the facts of `of`, of those where `where` holds. */
export interface Sum {
  of: SQL;
  where?: SQL;
}

/**
 * A figure of a period or a table's row. Sums and quotients are summed per period and dimension
 * values first (a hash aggregate over the facts), then per table; a percentile needs every fact's
 * value and is computed from the facts, only for the tables and series that show it.
 */
export type MeasureDef = { key: string; unit: ReportUnit } & (
  | { sum: Sum }
  /** The quotient of two sums (an average, a share) rounded to `places` (0 by default); none when the divisor is 0. */
  | { quotient: [Sum, Sum]; places?: number }
  /**
   * percentile_disc of a float8 fact column (its samples travel as float8 bytes: a numeric would be
   * rounded to one); facts without a value (null) do not count.
   */
  | { percentile: number; of: string }
);

export interface BreakdownDef {
  key: string;
  /** Fact columns. */
  dimensions: string[];
  measures: string[];
  /** Leave out the row of facts that have none of these dimensions (e.g. denied access in a table of restriction kinds). */
  dropBlank?: true;
  /** Leave out the rows without a figure in either range (facts of another kind, read by other tables). */
  dropEmpty?: true;
  /**
   * One row per measure instead of per dimension value (a funnel: a row per stage), keyed by the
   * measure's key under `dimension`, its figure named `as`. Only for a table without dimensions.
   */
  measuresAsRows?: { dimension: string; as: string };
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
  /** Tables that are not sums over facts (a snapshot, churn), computed beside the main query. */
  extra?: (db: DbOrTx, range: ReportRange, filters: ReportFilters) => Promise<ReportBreakdown[]>;
  pending?: string[];
}

/** Where the facts come from: a zone's daily rollup, the hourly rollup, or the raw rows. */
export type FactMode = 'daily' | 'hourly' | 'raw';
export type ReportFilters = Partial<Record<ReportFilterKey, string | undefined>>;

/**
 * The facts a report reads in a mode: a zone's daily rollup only when the report has one, the raw rows
 * when asked or when it has no rollup, else the hourly rollup.
 */
const readsFrom = (def: ReportDef, mode: FactMode): FactMode =>
  mode === 'daily' && def.source.daily ? 'daily' : mode === 'raw' || !def.source.rollup ? 'raw' : 'hourly';

/** The UTC instant a local day starts at in the range's zone. */
export const localMidnight = (day: string, tz: string) => sql`(${day}::timestamp AT TIME ZONE ${tz})`;

/** The conditions of the report's filters on a fact source `q`. */
function filtered(def: ReportDef, filters: ReportFilters): SQL[] {
  return Object.entries(def.filters)
    .filter(([key]) => filters[key as ReportFilterKey] !== undefined)
    .map(([key, column]) => sql`q.${sql.identifier(column!)} = ${filters[key as ReportFilterKey]}`);
}

/** Raw rows `q` of the range and the previous range that the report's filters keep. */
function rawInRange(
  def: ReportDef,
  rows: SQL,
  range: ReportRange,
  filters: ReportFilters,
  ...more: SQL[]
): SQL {
  const conditions = [
    sql`q.at >= ${localMidnight(range.previousFrom, range.tz)}`,
    sql`q.at < ${localMidnight(range.end, range.tz)}`,
    ...filtered(def, filters),
    ...more,
  ];
  return sql`(${rows}) q WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * The facts of the range and the previous range, each with its local day `d` in the range's zone.
 * `straddle`: the hours a local midnight cuts in two (straddleHours), read from the raw rows.
 */
function factsSql(
  def: ReportDef,
  range: ReportRange,
  mode: FactMode,
  filters: ReportFilters,
  straddle: string[],
): SQL {
  const lo = localMidnight(range.previousFrom, range.tz);
  const hi = localMidnight(range.end, range.tz);
  const where = (...conditions: SQL[]) => sql.join([...conditions, ...filtered(def, filters)], sql` AND `);
  const day = sql`(q.at AT TIME ZONE ${range.tz})::date AS d`;
  const from = readsFrom(def, mode);
  if (from === 'daily')
    return sql`
      SELECT q.*, q.day AS d FROM (${def.source.daily}) q
       WHERE ${where(
         sql`q.zone = ${range.tz}`,
         sql`q.day >= ${range.previousFrom}::date`,
         sql`q.day <= ${range.to}::date`,
         sql`q.n <> 0`,
       )}`;
  if (from === 'raw') return sql`SELECT q.*, ${day} FROM ${rawInRange(def, def.source.raw, range, filters)}`;
  const hours = straddle.length
    ? sql`ARRAY[${sql.join(
        straddle.map((h) => sql`${h}::timestamptz`),
        sql`, `,
      )}]`
    : undefined;
  const buckets = sql`
    SELECT q.*, ${day} FROM (${def.source.rollup}) q
     WHERE ${where(
       sql`q.at >= date_bin('1 hour', ${lo}, ${HOUR_ORIGIN})`,
       sql`q.at < ${hi}`,
       // a bucket whose rows all moved away or went stays behind at zero
       sql`q.n <> 0`,
       ...(hours ? [sql`q.at <> ALL (${hours})`] : []),
     )}`;
  if (!hours) return buckets;
  return sql`${buckets}
    UNION ALL
    SELECT q.*, ${day} FROM unnest(${hours}) s(h) CROSS JOIN LATERAL (
      SELECT q.* FROM (${def.source.raw}) q
       WHERE ${where(
         sql`q.at >= greatest(s.h, ${lo})`,
         sql`q.at < least(s.h + interval '1 hour', ${hi})`,
       )}) q`;
}

/**
 * The hours a local midnight of the range falls inside rather than on (none in whole-hour zones), as
 * text. Read before the report's statement and written into it as constants: as a CTE the planner
 * guessed 200 of them and millions of facts, and pre-summed the facts by sorting instead of hashing.
 */
async function straddleHours(db: DbOrTx, range: ReportRange): Promise<string[]> {
  const rows = await db.execute<{ h: string }>(sql`
    SELECT DISTINCT date_bin('1 hour', m, ${HOUR_ORIGIN})::text AS h
      FROM (SELECT d AT TIME ZONE ${range.tz} AS m
              FROM generate_series(${range.previousFrom}::timestamp, ${range.end}::timestamp, interval '1 day') d) x
     WHERE m <> date_bin('1 hour', m, ${HOUR_ORIGIN})`);
  return rows.rows.map((r) => r.h);
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
  // Two array parameters, not two per period: a year by day bound 2,190 of them in every statement.
  const bounds = sql`
    SELECT s.starts, ARRAY(SELECT (d::timestamp AT TIME ZONE ${range.tz}) FROM unnest(s.starts) WITH ORDINALITY u(d, i) ORDER BY i) AS instants,
           ${localMidnight(range.from, range.tz)} AS from_at
      FROM (SELECT ${`{${starts.join(',')}}`}::date[] AS starts) s`;
  if (readsFrom(def, mode) === 'daily')
    return {
      bounds,
      cur: sql`f.d >= ${range.from}::date`,
      period: sql`date_trunc(${range.groupBy}, f.d::timestamp)::date`,
    };
  return { bounds, cur: sql`f.at >= b.from_at`, period: sql`b.starts[width_bucket(f.at, b.instants)]` };
}

/** GROUPING(a, b, …) of a set: a bit (first argument highest) for each column the set leaves out. */
const groupingMask = (groupingColumns: string[], set: string[]) =>
  groupingColumns.reduce(
    (mask, column, i) => (set.includes(column) ? mask : mask | (1 << (groupingColumns.length - 1 - i))),
    0,
  );

type Row = Record<string, unknown> & { g: number; cur: boolean | null; period: string | null };

/** A figure as the wire carries it: exact, without trailing zeros. */
export const figure = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Decimal(String(value)).toFixed();

const ident = (c: string) => sql.identifier(c);
const listOf = (columns: string[]) => sql.join(columns.map(ident), sql`, `);
const sumOf = (s: Sum) => sql`sum(${s.of})${s.where ? sql` FILTER (WHERE ${s.where})` : sql``}`;
/** The partial sums `fine` keeps of a measure: one for a sum, a dividend and a divisor for a quotient. */
const partsOf = (m: MeasureDef): [string, Sum][] =>
  'sum' in m
    ? [[`sum ${m.key}`, m.sum]]
    : 'quotient' in m
      ? [
          [`dividend ${m.key}`, m.quotient[0]],
          [`divisor ${m.key}`, m.quotient[1]],
        ]
      : [];

/** A sum or quotient over the rows it is computed from: the facts, or the partial sums of `fine` (`presummed`). */
function aggregateOf(m: MeasureDef, presummed: boolean): SQL {
  const summed = (part: [string, Sum]) => (presummed ? sql`sum(${ident(part[0])})` : sumOf(part[1]));
  const parts = partsOf(m);
  if ('sum' in m) return sql`coalesce(${summed(parts[0]!)}, 0)`;
  const places = 'quotient' in m && m.places ? sql`, ${sql.raw(String(m.places))}` : sql``;
  return sql`round(${summed(parts[0]!)} / nullif(${summed(parts[1]!)}, 0)${places})`;
}

type GroupingSet = { columns: string[]; measures: string[] };

/** What a report's groups are computed from: its definition, range and filters, and its grouping sets. */
interface Grouping {
  def: ReportDef;
  range: ReportRange;
  filters: ReportFilters;
  mode: FactMode;
  /** `cur`, `period` and every dimension a table shows, in GROUPING() order. */
  groupingColumns: string[];
  sets: GroupingSet[];
}

/**
 * The facts grouped by side and period and by each set of `sets` (GROUPING SETS), one row per group
 * with `g` = GROUPING(groupingColumns) and a column `m_<key>` per measure: the sums and quotients
 * (summedRows) and the percentiles (sampledRows) of a group merged into one row.
 */
async function groupedRows(db: Tx, grouping: Grouping): Promise<Row[]> {
  const { def, groupingColumns } = grouping;
  const dims = groupingColumns.slice(2);
  const rows = [...(await summedRows(db, grouping)), ...(await sampledRows(db, grouping))];
  const merged = new Map<string, Row>();
  for (const row of rows) {
    const key = JSON.stringify([row.g, row.cur, row.period, ...dims.map((d) => row[d] ?? null)]);
    const into = merged.get(key);
    if (into)
      Object.assign(into, Object.fromEntries(Object.entries(row).filter(([k]) => k.startsWith('m_'))));
    else merged.set(key, row);
  }
  // A group only a percentile saw (a sample without a fact) still sums to 0, not to none.
  for (const row of merged.values()) for (const m of def.measures) if ('sum' in m) row[`m_${m.key}`] ??= '0';
  return [...merged.values()];
}

/**
 * The sums and quotients per group, in one statement. Those of raw or hourly facts are first summed
 * per side, period and dimension values (`fine`, a hash aggregate), so the sets group those rather
 * than every fact.
 */
async function summedRows(db: Tx, grouping: Grouping): Promise<Row[]> {
  const { def, range, filters, mode, groupingColumns, sets } = grouping;
  const summable = def.measures.filter((m) => !('percentile' in m));
  if (!summable.length) return [];
  const dims = groupingColumns.slice(2);
  const { bounds, cur, period } = sidesAndPeriods(def, range, mode);
  const facts = sql`SELECT * FROM facts`;
  const sides = sql`(SELECT f.*, ${cur} AS cur, ${period} AS period
                       FROM (${def.enrich ? def.enrich(facts) : facts}) f CROSS JOIN bounds b) f`;
  // Raw rows and hours are many per period and dimension values, and pre-summing them first halves
  // the time of a year of raw security events or hourly sign-ups. A daily rollup already holds one
  // row per day and dimension values: pre-summing it again only adds a second large hash (a year of
  // transactions by day: 150 → 470 ms).
  const presummed = readsFrom(def, mode) !== 'daily';
  const straddle = readsFrom(def, mode) === 'hourly' ? await straddleHours(db, range) : [];
  const partials = summable.flatMap(partsOf).map(([name, part]) => sql`${sumOf(part)} AS ${ident(name)}`);
  const columns = [
    ...dims.map((d) => sql`${ident(d)}::text AS ${ident(d)}`),
    ...summable.map((m) => sql`(${aggregateOf(m, presummed)})::text AS ${ident(`m_${m.key}`)}`),
  ];
  const distinctSets = [...new Map(sets.map((set) => [set.columns.join(), set.columns])).values()];
  const query = sql`
    WITH bounds AS MATERIALIZED (${bounds}),
    facts AS (${factsSql(def, range, mode, filters, straddle)})
    ${presummed ? sql`, fine AS (SELECT ${listOf(groupingColumns)}, ${sql.join(partials, sql`, `)} FROM ${sides} GROUP BY ${listOf(groupingColumns)})` : sql``}
    SELECT GROUPING(${listOf(groupingColumns)}) AS g, cur, period::text AS period, ${sql.join(columns, sql`, `)}
      FROM ${presummed ? sql`fine` : sides}
     GROUP BY GROUPING SETS (${sql.join(
       distinctSets.map((c) => sql`(${listOf(c)})`),
       sql`, `,
     )})`;
  return (await db.execute<Row>(query)).rows;
}

/**
 * The percentiles per group of the sets that show them. A percentile cannot be summed: it is computed
 * from the raw rows that have a value (`samples`), placed by their instants whatever the facts' mode.
 * One statement per fact column hands over each fine group's values (side, period and every
 * dimension a showing set keeps), and percentileRows pools them per set.
 */
async function sampledRows(db: Tx, grouping: Grouping): Promise<Row[]> {
  const { def, range, filters, groupingColumns, sets } = grouping;
  const percentiles = def.measures.flatMap((m) => ('percentile' in m ? [m] : []));
  if (!percentiles.length) return [];
  const { bounds, cur, period } = sidesAndPeriods(def, range, 'raw');
  const rows: Row[] = [];
  // The planner cannot tell how many periods there are, and would sort rather than hash a large
  // aggregate: a sort of every sample by side, period and dimensions, the cost this path avoids.
  await db.execute(sql`SET LOCAL enable_sort = off`);
  for (const column of new Set(percentiles.map((m) => m.of))) {
    const measures = percentiles.filter((m) => m.of === column);
    const showing = sets.filter((set) => set.measures.some((key) => measures.some((m) => m.key === key)));
    if (!showing.length) continue;
    const present = groupingColumns.filter((c) => showing.some((set) => set.columns.includes(c)));
    const rowsOf = def.source.samples?.[column] ?? def.source.raw;
    const fine = sql`
      WITH bounds AS MATERIALIZED (${bounds})
      SELECT ${sql.join(
        present.map((c) => (c === 'cur' ? ident(c) : sql`${ident(c)}::text AS ${ident(c)}`)),
        sql`, `,
      )}, string_agg(float8send(${ident(column)}), ''::bytea) AS v
        FROM (SELECT f.*, ${cur} AS cur, ${period} AS period
                FROM (SELECT q.* FROM ${rawInRange(def, rowsOf, range, filters, sql`q.${ident(column)} IS NOT NULL`)}) f
               CROSS JOIN bounds b) f
       GROUP BY ${listOf(present)}`;
    const samples = (await db.execute<FineSamples>(fine)).rows;
    const showingSets = showing.map((set) => ({
      columns: set.columns,
      g: groupingMask(groupingColumns, set.columns),
    }));
    rows.push(...(percentileRows(samples, groupingColumns, showingSets, measures) as Row[]));
  }
  await db.execute(sql`SET LOCAL enable_sort = on`);
  return rows;
}

/** A report, read in the caller's transaction (its statements share one snapshot and its settings). */
export async function runReport(
  db: Tx,
  def: ReportDef,
  range: ReportRange,
  filters: ReportFilters,
  mode: FactMode,
  now: Date,
): Promise<Report> {
  const dims = [...new Set(def.breakdowns.flatMap((b) => b.dimensions))];
  const groupingColumns = ['cur', 'period', ...dims];
  const sets = [
    { columns: ['cur', 'period'], measures: def.series },
    { columns: ['cur'], measures: def.series },
    ...def.breakdowns.map((b) => ({ columns: ['cur', ...b.dimensions], measures: b.measures })),
  ];
  const maskOf = (set: string[]) => groupingMask(groupingColumns, set);
  const rows = await groupedRows(db, { def, range, filters, mode, groupingColumns, sets });
  const [seriesMask, totalMask, ...breakdownMasks] = sets.map((set) => maskOf(set.columns));

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
    if (b.measuresAsRows) {
      const { dimension, as } = b.measuresAsRows;
      const side = (cur: boolean) => rows.find((r) => r.g === breakdownMasks[i] && r.cur === cur);
      const figureOf = (cur: boolean, key: string) => ({ [as]: figuresOf(side(cur), [key])[key] ?? null });
      return {
        key: b.key,
        dimensions: [dimension],
        measures: [{ key: as, unit: measureOf.get(b.measures[0]!)!.unit }],
        rows: b.measures.map((key) => ({
          keys: [key],
          values: figureOf(true, key),
          previous: figureOf(false, key),
        })),
      };
    }
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
const emptyOf = (m: MeasureDef): string | null => ('sum' in m ? '0' : null);

/** Whether a row has any of the measures other than zero or none. */
const hasFigure = (row: Row | undefined, keys: string[]) =>
  row !== undefined && keys.some((key) => !['0', null].includes(figure(row[`m_${key}`])));
