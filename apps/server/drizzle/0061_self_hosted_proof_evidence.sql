-- A self-hosted wallet's proof of ownership keeps its evidence (docs/decisions/0026-travel-rule.md,
-- "Self-hosted proofs: the evidence kept and checked"): the message the customer signed and the
-- signature, or the hash of the small test transfer and the deposit Backdesk matched it to; and who
-- vouches for it — Backdesk (a signature it verified, a deposit of its own ledger) or the officer.
-- Proofs recorded before keep none: their evidence reads null.
ALTER TABLE "vasp_addresses" ADD COLUMN "proof_message" text;
--> statement-breakpoint
ALTER TABLE "vasp_addresses" ADD COLUMN "proof_signature" text;
--> statement-breakpoint
ALTER TABLE "vasp_addresses" ADD COLUMN "proof_tx_hash" text;
--> statement-breakpoint
ALTER TABLE "vasp_addresses" ADD COLUMN "proof_transaction_id" bigint REFERENCES "wallet_transactions" ("id");
--> statement-breakpoint
ALTER TABLE "vasp_addresses" ADD COLUMN "proof_verified_by" text;
--> statement-breakpoint
ALTER TABLE "vasp_addresses" ADD CONSTRAINT "vasp_addresses_proof_evidence_check" CHECK (
  ("proof_verified_by" IS NULL OR "proof_verified_by" IN ('backdesk', 'officer'))
  AND ("proof_signature" IS NULL OR "proof_method" = 'signed_message')
  AND ("proof_tx_hash" IS NULL OR "proof_method" = 'test_transfer'));
