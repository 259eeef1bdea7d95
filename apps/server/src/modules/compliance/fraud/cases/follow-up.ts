import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../../db/client.ts';
import type { Jobs } from '../../../../jobs/index.ts';
import type { Clock } from '../../../../lib/clock.ts';

export const FOLLOW_UP_JOB = 'fraud.case-follow-up';
const sourceRef = (caseId: number) => `fraud_case:${caseId}`;

/**
 * A case's follow-up date puts it back in its owner's inbox on that date: setting the date enqueues a
 * job to run then (one pending job per case, replaced when the date moves); the job opens the inbox
 * item only if the case is still open with that date come, so a cleared or moved date makes an old
 * job a no-op. Closing the case, clearing or moving the date, or a new owner resolves the item.
 */
export function createFollowUps({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Enqueued in the changing transaction: rolled back, no job. */
    schedule(tx: DbOrTx, jobs: Pick<Jobs, 'enqueue'>, caseId: number, at: Date) {
      return jobs.enqueue(tx, FOLLOW_UP_JOB, { caseId }, { runAt: at, jobKey: `${FOLLOW_UP_JOB}:${caseId}` });
    },

    async resolve(tx: DbOrTx, caseId: number): Promise<void> {
      await tx.execute(
        sql`SELECT bd_inbox_resolve('case_follow_up', ${sourceRef(caseId)}, ${clock.now().toISOString()}::timestamptz)`,
      );
    },

    /** Opens the owner's item when the case's follow-up date has come; true when it opened one now. */
    async due(caseId: number, tx: DbOrTx = db): Promise<boolean> {
      const now = clock.now().toISOString();
      const { rows } = await tx.execute<{ opened: number | null }>(sql`
        SELECT bd_inbox_open('case_follow_up', ${sourceRef(caseId)}, fc.follow_up_at, NULL, fc.customer_id,
                             nullif(fc.title, ''), NULL, NULL, NULL, NULL, ARRAY[fc.owner_id]) AS opened
        FROM fraud_cases fc
        WHERE fc.id = ${caseId} AND fc.status = 'open' AND fc.owner_id IS NOT NULL
          AND fc.follow_up_at <= ${now}::timestamptz`);
      const opened = rows[0]?.opened != null;
      if (opened)
        await tx.execute(
          sql`INSERT INTO fraud_case_events (case_id, at, kind) VALUES (${caseId}, ${now}, 'follow_up_due')`,
        );
      return opened;
    },
  };
}
export type FollowUps = ReturnType<typeof createFollowUps>;
