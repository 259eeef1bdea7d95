import { type IngestAsset, IngestAssetSchema, type IngestRate, IngestRateSchema } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { type IngestKind, refused } from '../../platform/ingest/ingest-core.ts';
import { versionOutcomes } from '../../platform/ingest/ingest-versions.ts';

/** The exchange's asset catalogue (decision 0025): an amount is checked against its asset's precision. */
export const assetsIngest: IngestKind<IngestAsset> = {
  name: 'assets',
  schema: IngestAssetSchema,
  keyOf: (a) => a.externalId,
  versionOf: (a) => a.version,
  async apply(tx, items, source) {
    const col = <T>(pick: (a: IngestAsset) => T) => sql.param(items.map(pick));
    const { rows } = await tx.execute<{ external_id: string }>(sql`
      INSERT INTO assets AS a (external_id, external_version, source_integration_id, received_at, asset, network,
        name, precision, is_fiat)
      SELECT i.external_id, i.external_version, ${source.integrationId}::integer, ${source.receivedAt}::timestamptz,
             i.asset, i.network, i.name, i.precision, i.is_fiat
        FROM unnest(${col((a) => a.externalId)}::text[], ${col((a) => a.version)}::bigint[],
                    ${col((a) => a.asset)}::text[], ${col((a) => a.network)}::text[], ${col((a) => a.name ?? null)}::text[],
                    ${col((a) => a.precision)}::smallint[], ${col((a) => a.isFiat)}::boolean[])
          AS i(external_id, external_version, asset, network, name, precision, is_fiat)
      ON CONFLICT (external_id) DO UPDATE SET
        external_version = EXCLUDED.external_version, source_integration_id = EXCLUDED.source_integration_id,
        received_at = EXCLUDED.received_at, asset = EXCLUDED.asset, network = EXCLUDED.network,
        name = EXCLUDED.name, precision = EXCLUDED.precision, is_fiat = EXCLUDED.is_fiat
      WHERE a.external_version < EXCLUDED.external_version
      RETURNING a.external_id`);
    return versionOutcomes(
      tx,
      sql`assets`,
      items.map((a) => ({ key: a.externalId, version: a.version })),
      new Set(rows.map((r) => r.external_id)),
      refused('INGEST_ITEM_NOT_STORED'),
    );
  },
};

/** The exchange's price rates: an asset in TRY, USD or EUR at a moment. */
export const ratesIngest: IngestKind<IngestRate> = {
  name: 'rates',
  schema: IngestRateSchema,
  keyOf: (r) => r.externalId,
  versionOf: (r) => r.version,
  async apply(tx, items, source) {
    const col = <T>(pick: (r: IngestRate) => T) => sql.param(items.map(pick));
    const { rows } = await tx.execute<{ external_id: string }>(sql`
      INSERT INTO asset_rates AS r (external_id, external_version, source_integration_id, received_at, asset, quote,
        rate, at)
      SELECT i.external_id, i.external_version, ${source.integrationId}::integer, ${source.receivedAt}::timestamptz,
             i.asset, i.quote, i.rate, i.at
        FROM unnest(${col((r) => r.externalId)}::text[], ${col((r) => r.version)}::bigint[],
                    ${col((r) => r.asset)}::text[], ${col((r) => r.quote)}::text[], ${col((r) => r.rate)}::numeric[],
                    ${col((r) => r.at)}::timestamptz[])
          AS i(external_id, external_version, asset, quote, rate, at)
      ON CONFLICT (external_id) DO UPDATE SET
        external_version = EXCLUDED.external_version, source_integration_id = EXCLUDED.source_integration_id,
        received_at = EXCLUDED.received_at, asset = EXCLUDED.asset, quote = EXCLUDED.quote, rate = EXCLUDED.rate,
        at = EXCLUDED.at
      WHERE r.external_version < EXCLUDED.external_version
      RETURNING r.external_id`);
    return versionOutcomes(
      tx,
      sql`asset_rates`,
      items.map((r) => ({ key: r.externalId, version: r.version })),
      new Set(rows.map((r) => r.external_id)),
      refused('INGEST_ITEM_NOT_STORED'),
    );
  },
};
