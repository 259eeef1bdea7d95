import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { accessLog } from '../../../db/schema.ts';

export interface FailureWindow {
  failures: number;
  latest: Date | null;
}

/** The data behind sign-in throttling: the access log's sign-in events, and a lock per attempt. */
export function createLoginThrottleRepository() {
  const latestEvent = async (
    db: DbOrTx,
    event: 'login' | 'throttle_cleared',
    userName: string,
    ip?: string,
  ) => {
    const [row] = await db
      .select({ at: max(accessLog.at) })
      .from(accessLog)
      .where(
        and(
          sql`${accessLog.event} = ${sql.raw(`'${event}'`)}`,
          eq(accessLog.userName, userName),
          ip === undefined ? undefined : eq(accessLog.ip, ip),
        ),
      );
    return row?.at ?? null;
  };

  return {
    /**
     * Holds the account's and the address's lock until the transaction ends: concurrent guesses would
     * otherwise all read the failure count before any of them is recorded.
     */
    async lockAttempt(tx: Tx, userName: string, ip: string): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`login:user:${userName}`}))`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`login:ip:${ip}`}))`);
    },

    /** Failed sign-ins after `since`, for a user name, an address, or both together. */
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
        .select({ failures: count(), latest: max(accessLog.at) })
        .from(accessLog)
        // A literal, not a parameter, so the planner can use the partial indexes on failed sign-ins.
        .where(and(sql`${accessLog.event} = 'login_failed'`, who, gt(accessLog.at, since)));
      return { failures: row?.failures ?? 0, latest: row?.latest ?? null };
    },

    /** One member's second-step attempts run one at a time, on every node. */
    async lockSecondStep(tx: Tx, memberId: number): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`two-factor:member:${memberId}`}))`);
    },

    /** A member's wrong two-factor codes after `since`. */
    async secondStepFailuresSince(db: DbOrTx, memberId: number, since: Date): Promise<FailureWindow> {
      const [row] = await db
        .select({ failures: count(), latest: max(accessLog.at) })
        .from(accessLog)
        .where(
          and(
            sql`${accessLog.event} = 'two_factor_failed'`,
            eq(accessLog.memberId, memberId),
            gt(accessLog.at, since),
          ),
        );
      return { failures: row?.failures ?? 0, latest: row?.latest ?? null };
    },

    /** When the member's second-step count last started afresh: a pass, a super's clear or reset. */
    async lastSecondStepReset(db: DbOrTx, memberId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(accessLog.at) })
        .from(accessLog)
        .where(
          and(
            sql`${accessLog.event} IN ('two_factor_passed', 'two_factor_reset', 'throttle_cleared')`,
            eq(accessLog.memberId, memberId),
          ),
        );
      return row?.at ?? null;
    },

    /** The account's last successful sign-in from this address. */
    lastSignIn: (db: DbOrTx, userName: string, ip: string) => latestEvent(db, 'login', userName, ip),

    /** When a super last cleared the account's throttle. */
    lastCleared: (db: DbOrTx, userName: string) => latestEvent(db, 'throttle_cleared', userName),
  };
}
export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
