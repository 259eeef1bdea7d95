import { decimalScale } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type ItemOutcome, refused } from '../../platform/ingest/ingest-core.ts';

/** The catalogue's precision of each asset/network pair of a batch (pairs it does not list are absent). */
export async function assetPrecisions(
  db: DbOrTx,
  pairs: Array<{ asset: string; network: string }>,
): Promise<Map<string, number>> {
  const precision = new Map<string, number>();
  if (pairs.length === 0) return precision;
  const unique = [...new Map(pairs.map((p) => [`${p.asset}/${p.network}`, p])).values()];
  const { rows } = await db.execute<{ asset: string; network: string; precision: number }>(
    sql`SELECT a.asset, a.network, a.precision FROM assets a
         JOIN unnest(${sql.param(unique.map((p) => p.asset))}::text[], ${sql.param(unique.map((p) => p.network))}::text[]) AS p(asset, network)
           USING (asset, network)`,
  );
  for (const row of rows) precision.set(`${row.asset}/${row.network}`, Number(row.precision));
  return precision;
}

/**
 * An amount with more digits after the point than its asset has (the catalogue's precision) is
 * refused, never rounded; an asset the catalogue does not list is bounded by the column only.
 */
export function precisionOutcome(
  precisions: Map<string, number>,
  asset: string,
  network: string,
  fields: Record<string, string | undefined>,
): ItemOutcome | null {
  const precision = precisions.get(`${asset}/${network}`);
  if (precision === undefined) return null;
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined && decimalScale(value) > precision) {
      return refused('INGEST_AMOUNT_PRECISION', { field, precision, asset });
    }
  }
  return null;
}
