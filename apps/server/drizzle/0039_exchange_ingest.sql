-- The exchange feeds Backdesk (docs/decisions/0025-exchange-integration.md, "Ingestion"): every row it
-- owns carries the exchange's own id, the exchange's version of the object (newer wins, R-ingest in the
-- decision), which integration sent it and when it arrived. Seeded and Backdesk-made rows keep these
-- null. `version` stays Backdesk's own row version (STALE_EDIT); `external_version` is the exchange's.
-- No foreign key to integrations(id): the source is a record, and a key check per row would cost the
-- batch path (20,000 rows a second) more than it is worth. Adding nullable columns without a default
-- is a catalogue change only, even on a seeded million rows.
ALTER TABLE "customers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_version" bigint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "source_integration_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
-- A staff edit of a field the exchange also sends, waiting for the exchange to apply it and echo it
-- back: {"alias_email": "new@…", …} and when. An upsert that disagrees is refused (STAFF_EDIT_PENDING).
ALTER TABLE "customers" ADD COLUMN "pending_echo" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pending_echo_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_external_id_key" ON "customers" ("external_id");--> statement-breakpoint

ALTER TABLE "wallet_transactions" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "external_version" bigint;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "source_integration_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_external_id_key" ON "wallet_transactions" ("external_id");--> statement-breakpoint

ALTER TABLE "p2p_offers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "p2p_offers" ADD COLUMN "external_version" bigint;--> statement-breakpoint
ALTER TABLE "p2p_offers" ADD COLUMN "source_integration_id" integer;--> statement-breakpoint
ALTER TABLE "p2p_offers" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_offers_external_id_key" ON "p2p_offers" ("external_id");--> statement-breakpoint

ALTER TABLE "p2p_trades" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "p2p_trades" ADD COLUMN "external_version" bigint;--> statement-breakpoint
ALTER TABLE "p2p_trades" ADD COLUMN "source_integration_id" integer;--> statement-breakpoint
ALTER TABLE "p2p_trades" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_trades_external_id_key" ON "p2p_trades" ("external_id");--> statement-breakpoint

-- Customer sign-ins on the exchange (the fraud engine's login events).
ALTER TABLE "customer_login_events" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "customer_login_events" ADD COLUMN "external_version" bigint;--> statement-breakpoint
ALTER TABLE "customer_login_events" ADD COLUMN "source_integration_id" integer;--> statement-breakpoint
ALTER TABLE "customer_login_events" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_login_events_external_id_key" ON "customer_login_events" ("external_id");--> statement-breakpoint

-- Balance snapshots: the exchange is the ledger; one row per customer and asset, keyed by that pair.
ALTER TABLE "customer_balances" ADD COLUMN "external_version" bigint;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD COLUMN "source_integration_id" integer;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint

-- The exchange's asset catalogue: an asset on a network, its precision, whether it is fiat.
CREATE TABLE "assets" (
  "id" serial PRIMARY KEY,
  "external_id" text NOT NULL,
  "asset" text NOT NULL,
  "network" text NOT NULL,
  "name" text,
  "precision" smallint NOT NULL CHECK ("precision" BETWEEN 0 AND 18),
  "is_fiat" boolean NOT NULL,
  "external_version" bigint NOT NULL,
  "source_integration_id" integer,
  "received_at" timestamp with time zone NOT NULL,
  CONSTRAINT "assets_external_id_key" UNIQUE ("external_id"),
  CONSTRAINT "assets_asset_network_key" UNIQUE ("asset", "network")
);--> statement-breakpoint

-- Price rates the exchange quotes: one asset in TRY, USD or EUR at a time. Backdesk's dated reporting
-- rates (report_rates) stay the finance team's own.
CREATE TABLE "asset_rates" (
  "id" bigserial PRIMARY KEY,
  "external_id" text NOT NULL,
  "asset" text NOT NULL,
  "quote" text NOT NULL CHECK ("quote" IN ('TRY', 'USD', 'EUR')),
  "rate" numeric(36, 18) NOT NULL CHECK ("rate" > 0),
  "at" timestamp with time zone NOT NULL,
  "external_version" bigint NOT NULL,
  "source_integration_id" integer,
  "received_at" timestamp with time zone NOT NULL,
  CONSTRAINT "asset_rates_external_id_key" UNIQUE ("external_id")
);--> statement-breakpoint
CREATE INDEX "asset_rates_asset_quote_at_idx" ON "asset_rates" ("asset", "quote", "at" DESC);--> statement-breakpoint

-- Upserts refused because they disagree with a staff edit not yet echoed; shown on the customer page
-- until the echo arrives (resolved_at).
CREATE TABLE "customer_ingest_conflicts" (
  "id" bigserial PRIMARY KEY,
  "customer_id" bigint NOT NULL REFERENCES "customers"("id"),
  "source_integration_id" integer,
  "external_version" bigint NOT NULL,
  "staff_values" jsonb NOT NULL,
  "incoming_values" jsonb NOT NULL,
  "received_at" timestamp with time zone NOT NULL,
  "resolved_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "customer_ingest_conflicts_open_idx" ON "customer_ingest_conflicts" ("customer_id", "received_at")
  WHERE "resolved_at" IS NULL;
