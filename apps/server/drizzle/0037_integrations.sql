-- Service identities for the exchange's systems (docs/decisions/0025-exchange-integration.md,
-- "Service identities and keys"): an integration holds scopes, an optional address allowlist and its
-- own per-key rate limit; its keys are stored as a visible prefix and the SHA-256 of the secret.
CREATE TABLE "integrations" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL UNIQUE,
  "scopes" text[] NOT NULL,
  -- null: any address
  "allowed_addresses" cidr[],
  "enabled" boolean NOT NULL DEFAULT true,
  -- Requests per minute and key, counted in request_counts like the other limits (decision 0007).
  "requests_per_minute" integer NOT NULL DEFAULT 20000 CHECK ("requests_per_minute" > 0),
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer REFERENCES "staff_members"("id")
);
--> statement-breakpoint
CREATE TABLE "integration_keys" (
  "id" serial PRIMARY KEY,
  "integration_id" integer NOT NULL REFERENCES "integrations"("id"),
  -- The visible part, e.g. bdk_7f3a9c1e; the whole key is bdk_<hex>_<secret>.
  "prefix" text NOT NULL UNIQUE,
  -- SHA-256 of the secret: a 256-bit random secret needs no slow hash.
  "secret_hash" bytea NOT NULL,
  "expires_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer
);
--> statement-breakpoint
CREATE INDEX "integration_keys_integration_idx" ON "integration_keys" ("integration_id", "created_at");
--> statement-breakpoint
-- One row per public API request (a batch is one request), apart from the staff access log: checks
-- at 200/s would put millions of rows a day there. Deleted by age (its own retention job).
CREATE TABLE "integration_calls" (
  "id" bigserial PRIMARY KEY,
  "at" timestamp with time zone NOT NULL,
  -- null: the key was missing or unknown
  "integration_id" integer REFERENCES "integrations"("id"),
  "key_id" integer REFERENCES "integration_keys"("id"),
  "method" text NOT NULL,
  "route" text NOT NULL,
  "status" smallint NOT NULL,
  "duration_ms" real NOT NULL,
  "received" integer,
  "applied" integer,
  "refused" integer,
  "error_code" text,
  "address" inet,
  "request_id" text
);
--> statement-breakpoint
CREATE INDEX "integration_calls_at_idx" ON "integration_calls" ("at", "id");
--> statement-breakpoint
CREATE INDEX "integration_calls_integration_at_idx" ON "integration_calls" ("integration_id", "at", "id");
--> statement-breakpoint
-- Idempotency-Key per integration, as idempotency_keys is per member.
CREATE TABLE "integration_idempotency_keys" (
  "integration_id" integer NOT NULL REFERENCES "integrations"("id"),
  "key" text NOT NULL,
  "route" text NOT NULL,
  "request_hash" text NOT NULL,
  "status_code" integer,
  "response" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "integration_idempotency_keys_pk" PRIMARY KEY ("integration_id", "key")
);
--> statement-breakpoint
-- A change an integration made names it as its actor (member_id stays null).
ALTER TABLE "audit_log" ADD COLUMN "integration_id" integer REFERENCES "integrations"("id");
--> statement-breakpoint
-- The chained text gains the integration only when there is one: concat_ws skips a NULL, so every
-- row written before (and every member's row) keeps the very text its hash was made from.
CREATE OR REPLACE FUNCTION bd_audit_log_text(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    quote_nullable(r.member_id), quote_nullable(r.action), quote_nullable(r.entity),
    quote_nullable(r.entity_id), quote_nullable(r.before), quote_nullable(r.after),
    quote_nullable(r.request_id), quote_nullable(r.customer_id),
    CASE WHEN r.integration_id IS NOT NULL THEN 'integration:' || r.integration_id END)
$$;
--> statement-breakpoint
CREATE INDEX "audit_log_integration_at_idx" ON "audit_log" ("integration_id", "at", "id") WHERE integration_id IS NOT NULL;
