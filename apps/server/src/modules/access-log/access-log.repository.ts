import type { AccessEvent } from '@backdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { accessLog } from '../../db/schema.ts';

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

export function createAccessLogRepository() {
  return {
    async record(db: DbOrTx, entry: AccessLogEntry): Promise<void> {
      await db.insert(accessLog).values({
        event: entry.event,
        at: entry.at,
        memberId: entry.memberId ?? null,
        userName: entry.userName ?? null,
        ip: entry.ip ?? null,
        userAgent: entry.userAgent?.slice(0, 500) ?? null,
        detail: entry.detail ?? null,
      });
    },
  };
}
export type AccessLogRepository = ReturnType<typeof createAccessLogRepository>;

export type { AccessEvent };
