import { REPORT_GROUPINGS, REPORT_MAX_DAYS, type ReportGrouping, type reportsApi } from '@backdesk/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

const DAY_MS = 86_400_000;

/** A checked report range: whole days in a display time zone, and the previous range of equal length. */
export interface ReportRange {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** The day after `to`: the exclusive end. */
  end: string;
  tz: string;
  groupBy: ReportGrouping;
  days: number;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayText(dayNumber(day) + days);

/** Whether the runtime knows the zone; the database is asked separately (reports.repository.ts). */
export function isKnownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a report query's range, grouping and zone with their own error codes, and derives the
 * previous period: the same number of days just before `from`.
 */
export function reportRange(
  query: Pick<z.output<typeof reportsApi.ReportQuerySchema>, 'from' | 'to' | 'tz' | 'groupBy'>,
  zoneKnown: (tz: string) => boolean,
): ReportRange {
  const { from, to, tz, groupBy } = query;
  if (!(REPORT_GROUPINGS as readonly string[]).includes(groupBy))
    throw new AppError('REPORT_UNKNOWN_GROUPING', { groupBy });
  if (!isKnownTimeZone(tz) || !zoneKnown(tz)) throw new AppError('REPORT_UNKNOWN_TIME_ZONE', { tz });
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) throw new AppError('REPORT_RANGE_REVERSED', { from, to });
  if (days > REPORT_MAX_DAYS) throw new AppError('REPORT_RANGE_TOO_LONG');
  return {
    from,
    to,
    end: addDays(to, 1),
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
    tz,
    groupBy: groupBy as ReportGrouping,
    days,
  };
}

/** The first day of the period holding `day`: itself, its ISO week's Monday, or its month's first. */
export function periodStart(day: string, groupBy: ReportGrouping): string {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return `${day.slice(0, 7)}-01`;
  const n = dayNumber(day);
  const weekday = (new Date(n * DAY_MS).getUTCDay() + 6) % 7; // Monday 0
  return dayText(n - weekday);
}

/** The periods a range of days falls into, in order. */
export function periodsOf(from: string, to: string, groupBy: ReportGrouping): string[] {
  const starts: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const start = periodStart(dayText(n), groupBy);
    if (starts.at(-1) !== start) starts.push(start);
  }
  return starts;
}
