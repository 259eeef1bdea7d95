-- The Travel Rule Protocol between exchanges (docs/decisions/0030-travel-rule-protocol.md).
-- A TRP counterparty: where its TRP endpoints are, the SHA-256 of the credential it presents to us
-- (the bearer token we issued it, shown once), and the token it issued us, sealed with a key derived
-- from APP_SECRET so every node can present it and a leaked database alone cannot.
ALTER TABLE "vasps" ADD COLUMN "trp_url" text;
--> statement-breakpoint
ALTER TABLE "vasps" ADD COLUMN "trp_inbound_hash" bytea;
--> statement-breakpoint
ALTER TABLE "vasps" ADD COLUMN "trp_outbound_sealed" bytea;
--> statement-breakpoint
CREATE UNIQUE INDEX "vasps_trp_inbound_key" ON "vasps" ("trp_inbound_hash") WHERE "trp_inbound_hash" IS NOT NULL;
--> statement-breakpoint
-- One TRP exchange as one side saw it: we are the originator (our withdrawal's inquiry) or the
-- beneficiary (a counterparty's inquiry about a deposit to our customer). The request-identifier of
-- the inquiry names it on both sides; the record it concerns is linked once the transfer exists here.
CREATE TABLE "trp_transfers" (
  "id" bigserial PRIMARY KEY,
  "role" text NOT NULL CHECK ("role" IN ('originator', 'beneficiary')),
  "request_id" uuid NOT NULL,
  "vasp_id" integer NOT NULL REFERENCES "vasps" ("id"),
  "record_id" bigint REFERENCES "travel_rule_records" ("id"),
  "customer_id" integer REFERENCES "customers" ("id"),
  "asset" text NOT NULL,
  "amount" numeric(36, 18) NOT NULL,
  "address" text NOT NULL,
  "originator" jsonb NOT NULL CHECK (jsonb_typeof("originator") = 'object'),
  "beneficiary" jsonb NOT NULL CHECK (jsonb_typeof("beneficiary") = 'object'),
  "originating_vasp" jsonb CHECK (jsonb_typeof("originating_vasp") = 'object'),
  "beneficiary_vasp" jsonb CHECK (jsonb_typeof("beneficiary_vasp") = 'object'),
  -- Where the other side wants its answer (their inquiry's callback, or their approval's callback).
  "callback" text,
  "status" text NOT NULL CHECK ("status" IN ('sent', 'approved', 'rejected', 'confirmed', 'canceled', 'failed')),
  "reason" text,
  "txid" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  "version" integer NOT NULL DEFAULT 1,
  CONSTRAINT "trp_transfers_request_key" UNIQUE ("role", "vasp_id", "request_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trp_transfers_record_key" ON "trp_transfers" ("record_id") WHERE "record_id" IS NOT NULL;
--> statement-breakpoint
-- A deposit arriving here finds the inquiry it answers by its txid, else by its address.
CREATE INDEX "trp_transfers_unlinked_idx" ON "trp_transfers" ("address")
  WHERE "role" = 'beneficiary' AND "record_id" IS NULL;
--> statement-breakpoint
-- A change a counterparty VASP made through TRP names it as the actor (member_id stays null).
ALTER TABLE "audit_log" ADD COLUMN "vasp_id" integer REFERENCES "vasps" ("id");
--> statement-breakpoint
-- As in 0052: the chained text gains the VASP only when there is one, so every earlier row keeps
-- the text its hash was made from.
CREATE OR REPLACE FUNCTION bd_audit_log_text(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    quote_nullable(r.member_id), quote_nullable(r.action), quote_nullable(r.entity),
    quote_nullable(r.entity_id), quote_nullable(r.before), quote_nullable(r.after),
    quote_nullable(r.request_id), quote_nullable(r.customer_id),
    CASE WHEN r.integration_id IS NOT NULL THEN 'integration:' || r.integration_id END,
    CASE WHEN r.scim_token_id IS NOT NULL THEN 'scim:' || r.scim_token_id END,
    CASE WHEN r.vasp_id IS NOT NULL THEN 'vasp:' || r.vasp_id END)
$$;
--> statement-breakpoint
-- The deadline job (decision 0030): the deadline a record's passing was last announced for, so each
-- deadline raises the fraud trigger once and a new request re-arms it.
ALTER TABLE "travel_rule_records" ADD COLUMN "deadline_raised" timestamptz;
--> statement-breakpoint
-- A TRP inquiry names the beneficiary by the deposit address the exchange gave our customer: the
-- customer is the one whose deposits arrive there (the exchange keeps the addresses; we see deposits).
CREATE INDEX "wallet_transactions_deposit_address_idx" ON "wallet_transactions" ("to_address", "created_at")
  WHERE "type" = 'deposit' AND "to_address" IS NOT NULL;
