-- Limits can be edited in place (docs/product-rules.md R14): an edit keeps the limit's lid, so the
-- highest-lid tie rule picks the same limit it did before the edit; `version` refuses a stale edit.
ALTER TABLE "transaction_limits" ADD COLUMN "version" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "transaction_limits" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transaction_limits" ADD COLUMN "updated_by" integer;
