-- Decisions out (docs/decisions/0025-exchange-integration.outbox.md): the outbox every decision writes
-- its event into, in the transaction of the change, and the Standard Webhooks endpoints it is sent to.
CREATE SEQUENCE "outbox_events_position_seq";
--> statement-breakpoint
CREATE TABLE "outbox_events" (
  "id" text PRIMARY KEY NOT NULL,
  "type" text NOT NULL,
  "customer_id" integer,
  "payload" jsonb NOT NULL,
  -- Taken at commit (outbox_events_at_commit below), never at insert: see the decision's "Feed position".
  "position" bigint UNIQUE,
  "committed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_events_created_at_idx" ON "outbox_events" ("created_at");
--> statement-breakpoint
-- At commit, one event-writing transaction at a time takes the next positions: the lock is held until
-- the transaction has committed, so a reader never sees position n+1 before n is visible.
CREATE FUNCTION "outbox_events_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7243045);
  UPDATE "outbox_events" SET "position" = nextval('outbox_events_position_seq'), "committed_at" = clock_timestamp()
   WHERE "id" = NEW."id" AND "position" IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "outbox_events_at_commit" AFTER INSERT ON "outbox_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "outbox_events_at_commit"();
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
  "id" serial PRIMARY KEY NOT NULL,
  "integration_id" integer NOT NULL REFERENCES "integrations"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  -- Empty: every event type.
  "event_types" text[] NOT NULL DEFAULT '{}',
  "status" text NOT NULL DEFAULT 'enabled' CHECK ("status" IN ('enabled', 'paused', 'disabled')),
  "disabled_reason" text,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_integration_idx" ON "webhook_endpoints" ("integration_id");
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
  "id" serial PRIMARY KEY NOT NULL,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  -- AES-256-GCM under a key derived from APP_SECRET: every node can sign, a leaked database cannot.
  "secret_sealed" bytea NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Set when a newer secret replaces it: both sign until then (the rotation overlap).
  "expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_secrets_endpoint_idx" ON "webhook_secrets" ("endpoint_id");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "event_id" text NOT NULL REFERENCES "outbox_events"("id") ON DELETE CASCADE,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "customer_id" integer,
  "position" bigint NOT NULL,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'delivered', 'failed', 'skipped')),
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_status_code" integer,
  "last_response_ms" integer,
  "last_body_excerpt" text,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "delivered_at" timestamp with time zone,
  CONSTRAINT "webhook_deliveries_event_endpoint_key" UNIQUE ("event_id", "endpoint_id")
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" ("endpoint_id", "customer_id", "position") WHERE "status" IN ('pending', 'failed');
--> statement-breakpoint
-- How far the fan-out (events → deliveries) has read the feed, one row.
CREATE TABLE "outbox_fanout" ("id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1), "position" bigint NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO "outbox_fanout" ("id", "position") VALUES (1, 0);
--> statement-breakpoint
-- A restriction ends by time (ends_at), with no member acting: the expiry job announces each one once
-- as restriction.expired; those that ended before this migration are not announced late.
ALTER TABLE "customer_restrictions" ADD COLUMN "expiry_announced_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "customer_restrictions" SET "expiry_announced_at" = now() WHERE "ends_at" IS NOT NULL AND "ends_at" <= now();
--> statement-breakpoint
CREATE INDEX "customer_restrictions_unannounced_expiry_idx" ON "customer_restrictions" ("ends_at")
  WHERE "expiry_announced_at" IS NULL AND "lifted_at" IS NULL AND "ends_at" IS NOT NULL;
