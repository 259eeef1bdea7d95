-- Real-time checks the exchange asks before a withdrawal or a P2P trade (decision 0025, "Real-time
-- checks"): one row per answered check, with what was asked, the decision, its reasons and how long it
-- took. A check answered `review` for a withdrawal links the withdrawal it put under review.
CREATE TABLE "realtime_checks" (
  "id" bigserial PRIMARY KEY,
  "public_id" uuid NOT NULL DEFAULT gen_random_uuid(),
  "kind" text NOT NULL CHECK ("kind" IN ('withdrawal', 'p2p')),
  "integration_id" integer NOT NULL REFERENCES "integrations" ("id"),
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
  "external_ref" text NOT NULL,
  "input" jsonb NOT NULL,
  "decision" text NOT NULL CHECK ("decision" IN ('allow', 'review', 'block')),
  "reasons" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "wallet_transaction_id" bigint REFERENCES "wallet_transactions" ("id"),
  "duration_ms" numeric(10, 3) NOT NULL,
  "evaluated_at" timestamptz NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_checks_public_id_key" ON "realtime_checks" ("public_id");
--> statement-breakpoint
-- The staff list, newest first, whole or by decision; the customer page's checks.
CREATE INDEX "realtime_checks_evaluated_idx" ON "realtime_checks" ("evaluated_at", "id");
--> statement-breakpoint
CREATE INDEX "realtime_checks_decision_idx" ON "realtime_checks" ("decision", "evaluated_at", "id");
--> statement-breakpoint
CREATE INDEX "realtime_checks_customer_idx" ON "realtime_checks" ("customer_id", "evaluated_at", "id");
--> statement-breakpoint
-- The exchange's id of one withdrawal or trade: a repeated check finds the withdrawal it put under review.
CREATE INDEX "realtime_checks_ref_idx" ON "realtime_checks" ("kind", "external_ref");
--> statement-breakpoint
CREATE INDEX "realtime_checks_wallet_tx_idx" ON "realtime_checks" ("wallet_transaction_id")
  WHERE "wallet_transaction_id" IS NOT NULL;
