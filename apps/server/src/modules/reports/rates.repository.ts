import type { ReportRate } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isoUtc } from '../../db/sql/index.ts';

type RateRow = ReportRate;

const COLUMNS = sql`id, asset, valid_from::text AS valid_from, rate::text AS rate,
  ${isoUtc(sql`updated_at`)} AS updated_at, version`;

export function createRatesRepository() {
  return {
    async list(db: DbOrTx): Promise<RateRow[]> {
      return (
        await db.execute<RateRow>(sql`SELECT ${COLUMNS} FROM report_rates ORDER BY asset, valid_from DESC`)
      ).rows;
    },
    async lock(db: DbOrTx, id: number): Promise<RateRow | undefined> {
      return (await db.execute<RateRow>(sql`SELECT ${COLUMNS} FROM report_rates WHERE id = ${id} FOR UPDATE`))
        .rows[0];
    },
    /** The new rate's id, or undefined when the asset already has a rate from that day. */
    async insert(db: DbOrTx, r: { asset: string; validFrom: string; rate: string; memberId: number }) {
      const result = await db.execute<{ id: number }>(sql`
        INSERT INTO report_rates (asset, valid_from, rate, updated_by)
        VALUES (${r.asset}, ${r.validFrom}, ${r.rate}, ${r.memberId})
        ON CONFLICT (asset, valid_from) DO NOTHING RETURNING id`);
      return result.rows[0]?.id;
    },
    async update(db: DbOrTx, id: number, r: { rate: string; memberId: number }) {
      await db.execute(sql`UPDATE report_rates SET rate = ${r.rate}, updated_by = ${r.memberId},
        updated_at = now(), version = version + 1 WHERE id = ${id}`);
    },
  };
}
export type RatesRepository = ReturnType<typeof createRatesRepository>;
