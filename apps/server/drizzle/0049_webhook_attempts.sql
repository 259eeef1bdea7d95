-- Every attempt at a webhook delivery (decision 0025 outbox), not only the last: the delivery log's
-- drawer shows each one. Gone with its delivery, and by age with the events' retention (prune()).
CREATE TABLE "webhook_attempts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "delivery_id" bigint NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
  -- Counted from 1 within a run of attempts; a replay starts a fresh run.
  "attempt" integer NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "status_code" integer,
  "response_ms" integer,
  "error" text,
  "body_excerpt" text
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "id");
--> statement-breakpoint
CREATE INDEX "webhook_attempts_at_idx" ON "webhook_attempts" ("at");
