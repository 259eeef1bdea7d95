// Tables only the exchange feeds (migration 0039, decision 0025): its asset catalogue, its price rates,
// and the upserts refused because a staff edit awaits the exchange's echo.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { customers } from './schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    name: text('name'),
    /** Digits after the point an amount of this asset may have (0–18, numeric(36,18)). */
    precision: smallint('precision').notNull(),
    isFiat: boolean('is_fiat').notNull(),
    externalVersion: bigint('external_version', { mode: 'number' }).notNull(),
    sourceIntegrationId: integer('source_integration_id'),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    unique('assets_external_id_key').on(t.externalId),
    unique('assets_asset_network_key').on(t.asset, t.network),
    check('assets_precision_check', sql`${t.precision} BETWEEN 0 AND 18`),
  ],
);

/** One asset in TRY, USD or EUR at a time, as the exchange quotes it. */
export const assetRates = pgTable(
  'asset_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    externalId: text('external_id').notNull(),
    asset: text('asset').notNull(),
    /** TRY | USD | EUR */
    quote: text('quote').notNull(),
    rate: numeric('rate', { precision: 36, scale: 18 }).notNull(),
    at: ts('at').notNull(),
    externalVersion: bigint('external_version', { mode: 'number' }).notNull(),
    sourceIntegrationId: integer('source_integration_id'),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    unique('asset_rates_external_id_key').on(t.externalId),
    index('asset_rates_asset_quote_at_idx').on(t.asset, t.quote, t.at.desc()),
  ],
);

/** An upsert refused with STAFF_EDIT_PENDING; open until the exchange's echo resolves it. */
export const customerIngestConflicts = pgTable(
  'customer_ingest_conflicts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    sourceIntegrationId: integer('source_integration_id'),
    externalVersion: bigint('external_version', { mode: 'number' }).notNull(),
    staffValues: jsonb('staff_values').notNull(),
    incomingValues: jsonb('incoming_values').notNull(),
    receivedAt: ts('received_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    index('customer_ingest_conflicts_open_idx')
      .on(t.customerId, t.receivedAt)
      .where(sql`resolved_at IS NULL`),
  ],
);
