import type { TransactionsOverview } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

export function createTransactionsOverviewRepository() {
  return {
    /** Volumes are summed per asset in numeric: adding BTC to TRY would mean nothing. */
    async last24h(db: DbOrTx): Promise<TransactionsOverview['last24h']> {
      const result = await db.execute<TransactionsOverview['last24h'][number]>(sql`
        SELECT type, status, asset, count(*)::int AS count, trim_scale(sum(amount))::text AS volume
        FROM wallet_transactions WHERE created_at > now() - interval '24 hours'
        GROUP BY type, status, asset ORDER BY type, status, asset`);
      return result.rows;
    },

    async awaitingReview(db: DbOrTx): Promise<TransactionsOverview['withdrawalsAwaitingReview']> {
      const result = await db.execute<{ count: number; oldest_at: string | null }>(sql`
        SELECT count(*)::int AS count,
               ${isoUtc(sql`min(created_at)`)} AS oldest_at
        FROM wallet_transactions WHERE status = 'under_review' AND type = 'withdrawal'`);
      const row = result.rows[0]!;
      return { count: row.count, oldestAt: row.oldest_at };
    },
  };
}
export type TransactionsOverviewRepository = ReturnType<typeof createTransactionsOverviewRepository>;
