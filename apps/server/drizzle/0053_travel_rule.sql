-- Travel rule (docs/decisions/0026-travel-rule.md): the VASP directory, the addresses attributed to a
-- VASP or marked self-hosted, and one IVMS101 record per wallet transaction in scope.
CREATE TABLE "vasps" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "lei" text,
  "jurisdiction" text CHECK ("jurisdiction" IN ('TR', 'EU', 'FATF', 'US')),
  "country" text,
  "licence" text,
  "protocol" text NOT NULL DEFAULT 'none' CHECK ("protocol" IN ('trp', 'trisa', 'email', 'none')),
  "due_diligence" text NOT NULL DEFAULT 'pending'
    CHECK ("due_diligence" IN ('pending', 'approved', 'restricted', 'rejected')),
  "review_date" date,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  "version" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vasps_lei_key" ON "vasps" ("lei") WHERE "lei" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "vasps_name_idx" ON "vasps" ("name", "id");
--> statement-breakpoint
-- An address (or, with is_prefix, every address starting with it) on a network: a VASP's, or a
-- customer's own self-hosted wallet with how its ownership was proved and who checked it.
CREATE TABLE "vasp_addresses" (
  "id" serial PRIMARY KEY,
  "vasp_id" integer REFERENCES "vasps" ("id"),
  "network" text NOT NULL,
  "address" text NOT NULL,
  "is_prefix" boolean NOT NULL DEFAULT false,
  "self_hosted" boolean NOT NULL DEFAULT false,
  "proof_method" text CHECK ("proof_method" IN ('signed_message', 'test_transfer')),
  "proof_checked_by" integer REFERENCES "staff_members" ("id"),
  "proof_checked_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "vasp_addresses_owner_check" CHECK (("vasp_id" IS NULL) = "self_hosted"),
  CONSTRAINT "vasp_addresses_proof_check" CHECK ("proof_method" IS NULL OR "self_hosted"),
  CONSTRAINT "vasp_addresses_network_address_key" UNIQUE ("network", "address")
);
--> statement-breakpoint
CREATE INDEX "vasp_addresses_vasp_idx" ON "vasp_addresses" ("vasp_id");
--> statement-breakpoint
-- The parties are IVMS101 JSON, validated by the contract on every write; the columns beside them are
-- what the queue filters and sorts on, written by the service from the rule's evaluation.
CREATE TABLE "travel_rule_records" (
  "id" bigserial PRIMARY KEY,
  "transaction_id" bigint NOT NULL REFERENCES "wallet_transactions" ("id"),
  "direction" text NOT NULL CHECK ("direction" IN ('deposit', 'withdrawal')),
  "state" text NOT NULL CHECK ("state" IN ('not_in_scope', 'required_unverified', 'complete',
    'information_missing', 'awaiting_counterparty', 'returned', 'rejected')),
  "jurisdiction" text NOT NULL CHECK ("jurisdiction" IN ('TR', 'EU', 'FATF', 'US')),
  "currency" text NOT NULL CHECK ("currency" IN ('TRY', 'EUR', 'USD')),
  "amount_in_currency" numeric(36, 18),
  "verification_required" boolean NOT NULL DEFAULT false,
  "wallet_kind" text NOT NULL CHECK ("wallet_kind" IN ('vasp', 'self_hosted', 'unknown')),
  "counterparty_vasp_id" integer REFERENCES "vasps" ("id"),
  "counterparty_address_id" integer REFERENCES "vasp_addresses" ("id"),
  "required_fields" text[] NOT NULL DEFAULT '{}',
  "missing_fields" text[] NOT NULL DEFAULT '{}',
  "originator" jsonb CHECK (jsonb_typeof("originator") = 'object'),
  "beneficiary" jsonb CHECK (jsonb_typeof("beneficiary") = 'object'),
  "originating_vasp" jsonb CHECK (jsonb_typeof("originating_vasp") = 'object'),
  "beneficiary_vasp" jsonb CHECK (jsonb_typeof("beneficiary_vasp") = 'object'),
  "deadline" timestamptz,
  "state_reason" text,
  "state_changed_by" integer REFERENCES "staff_members" ("id"),
  "state_changed_at" timestamptz NOT NULL DEFAULT now(),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  "version" integer NOT NULL DEFAULT 1,
  CONSTRAINT "travel_rule_records_transaction_key" UNIQUE ("transaction_id")
);
--> statement-breakpoint
-- The queue: only open work is indexed, so its pages cost what the open work costs, not the history.
CREATE INDEX "travel_rule_records_queue_idx" ON "travel_rule_records" ("created_at", "id")
  WHERE "state" IN ('required_unverified', 'information_missing', 'awaiting_counterparty');
--> statement-breakpoint
CREATE INDEX "travel_rule_records_deadline_idx" ON "travel_rule_records" ("deadline", "id")
  WHERE "state" IN ('required_unverified', 'information_missing', 'awaiting_counterparty');
--> statement-breakpoint
CREATE INDEX "travel_rule_records_vasp_idx" ON "travel_rule_records" ("counterparty_vasp_id")
  WHERE "counterparty_vasp_id" IS NOT NULL;
