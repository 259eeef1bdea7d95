import { type AccessEvent, type AccessLogRow, accessOutcome, type logsApi } from '@backdesk/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { accessLog } from '../../../db/schema.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import {
  dayRange,
  type LogPageQuery,
  type LogTable,
  logCount,
  logExportQuery,
  loggedMember,
  logPage,
} from './log-listing.ts';

export interface AccessLogEntry {
  event: AccessEvent;
  /** When it happened, from the app's clock: sign-in throttling counts failures by this time. */
  at: Date;
  memberId?: number | null;
  userName?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
}

export type AccessLogFilters = z.output<typeof logsApi.AccessLogFiltersSchema>;
function where(f: AccessLogFilters): SQL {
  return (
    and(
      f.member ? sql`l.user_name = ${f.member}` : undefined,
      f.event ? sql`l.event = ${f.event}` : undefined,
      f.outcome ? sql`l.outcome = ${f.outcome}` : undefined,
      // A single address reads its index in time order; a network is a range of addresses.
      f.ip ? (f.ip.includes('/') ? sql`l.ip <<= ${f.ip}::inet` : sql`l.ip = ${f.ip}::inet`) : undefined,
      ...dayRange(sql`l.at`, f),
    ) ?? sql`true`
  );
}

const LOG: LogTable = {
  table: sql`access_log l`,
  from: sql`access_log l LEFT JOIN staff_members m ON m.id = l.member_id`,
  columns: sql`l.id, ${isoUtc(sql`l.at`)} AS at, l.event, l.outcome, l.member_id,
  m.user_name AS member_user_name, m.display_name AS member_display_name, l.user_name,
  host(l.ip) AS ip, l.user_agent, l.detail`,
  at: sql`l.at`,
  id: sql`l.id`,
};

type StoredRow = {
  id: string | number;
  at: string;
  event: AccessLogRow['event'];
  outcome: AccessLogRow['outcome'] | null;
  member_id: number | null;
  member_user_name: string | null;
  member_display_name: string | null;
  user_name: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: Record<string, unknown> | null;
};

export const toAccessLogRow = (r: StoredRow): AccessLogRow => ({
  id: Number(r.id),
  at: r.at,
  event: r.event,
  outcome: r.outcome ?? accessOutcome(r.event),
  member: loggedMember(r),
  user_name: r.user_name,
  ip: r.ip,
  user_agent: r.user_agent,
  detail: r.detail,
});

export function createAccessLogRepository() {
  return {
    async record(db: DbOrTx, entry: AccessLogEntry): Promise<void> {
      // The id and the chained hash come from the database's insert trigger (migration 0013).
      await db.insert(accessLog).values({
        event: entry.event,
        outcome: accessOutcome(entry.event),
        at: entry.at,
        memberId: entry.memberId ?? null,
        userName: entry.userName ?? null,
        ip: entry.ip ?? null,
        userAgent: entry.userAgent?.slice(0, 500) ?? null,
        detail: entry.detail ?? null,
      });
    },

    /**
     * An `access_denied` row unless the address had one for the same reason in the last minute: a
     * client replaying a dead token in a loop leaves one row a minute, not one per request.
     */
    async recordDeniedOnce(
      db: DbOrTx,
      entry: Omit<AccessLogEntry, 'event' | 'memberId' | 'userName' | 'detail'> & {
        detail: { reason: string } & Record<string, unknown>;
      },
    ) {
      const { reason } = entry.detail;
      const detail = JSON.stringify(entry.detail);
      const userAgent = entry.userAgent?.slice(0, 500) ?? null;
      await db.execute(sql`
        INSERT INTO access_log (event, outcome, at, ip, user_agent, detail)
        SELECT 'access_denied', 'failure', ${entry.at}, ${entry.ip ?? null}::inet, ${userAgent}, ${detail}::jsonb
        WHERE NOT EXISTS (
          SELECT 1 FROM access_log WHERE ip = ${entry.ip ?? null}::inet AND event = 'access_denied'
            AND at > ${entry.at}::timestamptz - interval '1 minute' AND detail->>'reason' = ${reason})`);
    },

    async page(db: DbOrTx, query: AccessLogFilters & LogPageQuery) {
      const page = await logPage<StoredRow>(db, LOG, where(query), query);
      return { ...page, items: page.items.map(toAccessLogRow) };
    },

    count: (db: DbOrTx, filters: AccessLogFilters) => logCount(db, LOG, where(filters)),

    /** Every matching row in the list's order, for an export streamed from a cursor. */
    exportQuery(query: AccessLogFilters & { dir: 'asc' | 'desc' }) {
      return logExportQuery(LOG, where(query), query.dir);
    },
  };
}
export type AccessLogRepository = ReturnType<typeof createAccessLogRepository>;

export type { AccessEvent, StoredRow as AccessLogStoredRow };
