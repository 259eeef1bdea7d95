import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessLog } from '../../db/schema.ts';

export type AccessEvent =
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'captcha_failed'
  | 'access_denied'
  | 'refresh'
  | 'refresh_reuse'
  | 'signout'
  | 'session_expired';

export interface AccessLogEntry {
  event: AccessEvent;
  memberId?: number | null;
  userName?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
}

export interface FailureWindow {
  failures: number;
  oldest: Date | null;
}

export function createAccessLogRepository() {
  return {
    async record(db: DbOrTx, entry: AccessLogEntry): Promise<void> {
      await db.insert(accessLog).values({
        event: entry.event,
        memberId: entry.memberId ?? null,
        userName: entry.userName ?? null,
        ip: entry.ip ?? null,
        userAgent: entry.userAgent?.slice(0, 500) ?? null,
        detail: entry.detail ?? null,
      });
    },

    /** Failed sign-ins within the window, for a user name, an address, or both together. */
    async failuresSince(
      db: DbOrTx,
      by: { userName?: string; ip?: string },
      since: Date,
    ): Promise<FailureWindow> {
      const who = and(
        by.userName === undefined ? undefined : eq(accessLog.userName, by.userName),
        by.ip === undefined ? undefined : eq(accessLog.ip, by.ip),
      );
      const [row] = await db
        .select({ failures: count(), oldest: min(accessLog.at) })
        .from(accessLog)
        .where(and(sql`${accessLog.event} = 'login_failed'`, who, gt(accessLog.at, since)));
      return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null };
    },
  };
}
export type AccessLogRepository = ReturnType<typeof createAccessLogRepository>;
