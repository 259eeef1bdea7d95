import { type IngestBalance, IngestBalanceSchema } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { type IngestKind, type ItemOutcome, refused } from '../../platform/ingest/ingest-core.ts';
import { versionOutcomes } from '../../platform/ingest/ingest-versions.ts';
import { customerRefs } from '../customers/customer-refs.repository.ts';

const keyOf = (b: IngestBalance) => `${b.customerExternalId}/${b.asset}`;

/**
 * Balance snapshots (decision 0025): the exchange is the ledger and Backdesk shows its figures, never
 * derives them. One row per customer and asset; a snapshot replaces it only with a newer version.
 */
export const balancesIngest: IngestKind<IngestBalance> = {
  name: 'balances',
  schema: IngestBalanceSchema,
  keyOf,
  versionOf: (b) => b.version,
  async apply(tx, items, source) {
    const customers = await customerRefs(
      tx,
      items.map((b) => b.customerExternalId),
    );
    const known = items.filter((b) => customers.has(b.customerExternalId));
    const col = <T>(pick: (b: IngestBalance) => T) => sql.param(known.map(pick));
    const written = new Set<string>();
    if (known.length > 0) {
      const { rows } = await tx.execute<{ key: string }>(sql`
        WITH i AS (
          SELECT * FROM unnest(${col((b) => customers.get(b.customerExternalId)!.id)}::bigint[],
                               ${col(keyOf)}::text[], ${col((b) => b.asset)}::text[],
                               ${col((b) => b.available)}::numeric[], ${col((b) => b.locked)}::numeric[],
                               ${col((b) => b.version)}::bigint[], ${col((b) => b.asOf)}::timestamptz[])
            AS i(customer_id, key, asset, available, locked, external_version, as_of)
        ), written AS (
          INSERT INTO customer_balances AS b (customer_id, asset, available, locked, updated_at, external_version,
            source_integration_id, received_at)
          SELECT customer_id, asset, available, locked, as_of, external_version, ${source.integrationId}::integer,
                 ${source.receivedAt}::timestamptz FROM i
          ON CONFLICT (customer_id, asset) DO UPDATE SET
            available = EXCLUDED.available, locked = EXCLUDED.locked, updated_at = EXCLUDED.updated_at,
            external_version = EXCLUDED.external_version, source_integration_id = EXCLUDED.source_integration_id,
            received_at = EXCLUDED.received_at
          WHERE b.external_version IS NULL OR b.external_version < EXCLUDED.external_version
          RETURNING b.customer_id, b.asset)
        SELECT i.key FROM written w JOIN i USING (customer_id, asset)`);
      for (const r of rows) written.add(r.key);
    }
    const outcomes = await versionOutcomes(
      tx,
      sql`customer_balances b JOIN customers c ON c.id = b.customer_id`,
      known.map((b) => ({ key: keyOf(b), version: b.version })),
      written,
      refused('INGEST_ITEM_NOT_STORED'),
      { key: sql`(c.external_id || '/' || b.asset)`, version: sql`b.external_version` },
    );
    const byKey = new Map(known.map((b, i) => [keyOf(b), outcomes[i]!]));
    return items.map(
      (b): ItemOutcome =>
        byKey.get(keyOf(b)) ?? refused('CUSTOMER_UNKNOWN', { externalId: b.customerExternalId }),
    );
  },
};
