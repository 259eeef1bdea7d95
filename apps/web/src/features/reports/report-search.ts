import type { ReportQuery } from '@backdesk/contract';
import { REPORT_FILTER_KEYS, type ReportFilterKey } from '@backdesk/contract/reports/keys';
import { browserTimeZone } from '../../lib/time-zones.ts';

export { browserTimeZone };

/** The range presets of every report; `custom` takes `from` and `to` from the URL. */
export const RANGE_PRESETS = [
  'today',
  '7d',
  '30d',
  'month',
  'last_month',
  'quarter',
  'year',
  'custom',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** What the URL holds, so a link shares the report as shown. Values are kept as typed: the server judges them. */
export interface ReportSearch extends Partial<Record<ReportFilterKey, string>> {
  preset?: RangePreset;
  from?: string;
  to?: string;
  groupBy?: string;
  tz?: string;
  /** "off" hides the previous period (a word: the router would read "0" as a number). */
  compare?: 'off';
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 64) : undefined);

export function validateReportSearch(raw: Record<string, unknown>): ReportSearch {
  const preset = RANGE_PRESETS.find((p) => p === raw.preset);
  const search: ReportSearch = {
    preset,
    from: text(raw.from),
    to: text(raw.to),
    groupBy: text(raw.groupBy),
    tz: text(raw.tz),
    compare: raw.compare === 'off' ? 'off' : undefined,
  };
  for (const key of REPORT_FILTER_KEYS) search[key] = text(raw[key]);
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as ReportSearch;
}

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shift = (day: string, days: number) => dayText(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Today's date in a zone (YYYY-MM-DD); the browser's zone when the zone is unknown to it. */
export function todayIn(tz: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(now);
  }
}

/** The days a preset covers, ending today in the display zone. */
export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  today: string,
): { from: string; to: string } {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const firstOf = (year: number, month: number) => dayText(Date.UTC(year, month - 1, 1));
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: shift(today, -6), to: today };
    case '30d':
      return { from: shift(today, -29), to: today };
    case 'month':
      return { from: firstOf(y, m), to: today };
    case 'last_month':
      return { from: firstOf(y, m - 1), to: shift(firstOf(y, m), -1) };
    case 'quarter':
      return { from: firstOf(y, m - ((m - 1) % 3)), to: today };
    case 'year':
      return { from: firstOf(y, 1), to: today };
  }
}

/** The query a search stands for: a preset resolved to days, the defaults filled in. */
export function reportQueryOf(
  search: ReportSearch,
  filters: readonly ReportFilterKey[],
  /** The member's chosen display zone, else the browser's. */
  defaultZone = browserTimeZone(),
  now = new Date(),
): ReportQuery {
  const tz = search.tz ?? defaultZone;
  const preset = search.preset ?? (search.from || search.to ? 'custom' : '30d');
  const today = todayIn(tz, now);
  const range =
    preset === 'custom'
      ? { from: search.from ?? shift(today, -29), to: search.to ?? today }
      : presetRange(preset, today);
  const query: ReportQuery = { ...range, tz, groupBy: search.groupBy ?? 'day' };
  // The server judges what the URL holds (an unknown direction is refused with its field).
  for (const key of filters) if (search[key]) (query as Record<string, string>)[key] = search[key];
  return query;
}
