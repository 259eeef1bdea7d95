-- Self-hosted wallets on screen (docs/decisions/0026-travel-rule.md, "Self-hosted wallets"): the
-- customer a self-hosted wallet belongs to, a version so two officers recording its proof at once
-- cannot both pass, and the list's order (proof missing first, then the oldest checks). A VASP's TRP
-- token keeps its first characters, so the screen can name the token it no longer shows.
ALTER TABLE "vasp_addresses" ADD COLUMN "customer_id" bigint REFERENCES "customers" ("id");
--> statement-breakpoint
ALTER TABLE "vasp_addresses" ADD COLUMN "version" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE "vasp_addresses" ADD CONSTRAINT "vasp_addresses_customer_check"
  CHECK ("customer_id" IS NULL OR "self_hosted");
--> statement-breakpoint
-- The records resting on an attribution: counted on the list, evaluated again when a proof is recorded.
-- Made before the backfill below, which reads the records by it (at a million records it would
-- otherwise scan them once a wallet).
CREATE INDEX "travel_rule_records_address_idx" ON "travel_rule_records" ("counterparty_address_id")
  WHERE "counterparty_address_id" IS NOT NULL;
--> statement-breakpoint
-- The wallets recorded before: their customer is the one whose transfer first rested on them.
UPDATE "vasp_addresses" a SET "customer_id" = (
  SELECT w."customer_id" FROM "travel_rule_records" r JOIN "wallet_transactions" w ON w."id" = r."transaction_id"
  WHERE r."counterparty_address_id" = a."id" ORDER BY r."id" LIMIT 1)
WHERE a."self_hosted";
--> statement-breakpoint
CREATE INDEX "vasp_addresses_self_hosted_idx" ON "vasp_addresses"
  ((COALESCE("proof_checked_at", '-infinity'::timestamptz)), "id") WHERE "self_hosted";
--> statement-breakpoint
ALTER TABLE "vasps" ADD COLUMN "trp_inbound_prefix" text;
