-- When a review released a held withdrawal (docs/product-rules.md R15, R22): until its payout it reads
-- "Approved, awaiting payout" in every list and drawer, not "Pending" like one never held.
ALTER TABLE "wallet_transactions" ADD COLUMN "released_at" timestamp with time zone;
