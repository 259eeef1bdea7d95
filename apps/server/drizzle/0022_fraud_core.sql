-- Fraud check (issue 13), the core every part of it shares: customers' sign-ins on the exchange, the
-- rule catalogue with its versions, the event outbox the evaluator drains, alerts with their evidence,
-- cases, the blocklist and the long runs (rescan, backtest, rescreen). Functions and triggers come in
-- the later migrations of the parts that own them.

-- A customer's sign-in on the exchange (not a staff sign-in: those are access_log).
CREATE TABLE "customer_login_events" (
  "id" bigserial PRIMARY KEY,
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
  "at" timestamptz NOT NULL DEFAULT now(),
  "ip" inet NOT NULL,
  -- The device's fingerprint, as the exchange's apps report it.
  "device_id" text NOT NULL,
  "user_agent" text,
  "outcome" text NOT NULL CHECK ("outcome" IN ('success', 'failure')),
  -- bad_password | bad_two_factor | locked | restricted; null on success
  "failure_reason" text
);
--> statement-breakpoint
CREATE INDEX "customer_login_events_customer_idx" ON "customer_login_events" ("customer_id", "at");
--> statement-breakpoint
CREATE INDEX "customer_login_events_at_idx" ON "customer_login_events" ("at");
--> statement-breakpoint
CREATE INDEX "customer_login_events_ip_idx" ON "customer_login_events" ("ip", "customer_id");
--> statement-breakpoint
CREATE INDEX "customer_login_events_device_idx" ON "customer_login_events" ("device_id", "customer_id");
--> statement-breakpoint
-- One row per rule; what it does is code, its thresholds and severity are the current version's.
CREATE TABLE "fraud_rules" (
  "code" text PRIMARY KEY,
  "current_version" integer NOT NULL DEFAULT 1,
  "version" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
-- Every setting a rule has had: a change is a new row (who, when, why), never an edit.
CREATE TABLE "fraud_rule_versions" (
  "rule_code" text NOT NULL REFERENCES "fraud_rules" ("code"),
  "version" integer NOT NULL,
  "params" jsonb NOT NULL,
  "severity" text NOT NULL CHECK ("severity" IN ('low', 'medium', 'high', 'critical')),
  "enabled" boolean NOT NULL DEFAULT true,
  "reason" text,
  "created_by" integer REFERENCES "staff_members" ("id"),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("rule_code", "version")
);
--> statement-breakpoint
-- Events written but not yet evaluated; filled in the writing transaction, drained by the evaluator.
CREATE TABLE "fraud_event_queue" (
  "id" bigserial PRIMARY KEY,
  -- login | wallet_transaction | p2p_trade | customer
  "kind" text NOT NULL,
  "ref_id" bigint NOT NULL,
  "customer_id" bigint,
  "enqueued_at" timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE TABLE "fraud_cases" (
  "id" bigserial PRIMARY KEY,
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'closed')),
  "owner_id" integer REFERENCES "staff_members" ("id"),
  "follow_up_at" timestamptz,
  "opened_at" timestamptz NOT NULL DEFAULT now(),
  "opened_by" integer REFERENCES "staff_members" ("id"),
  "version" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE INDEX "fraud_cases_customer_idx" ON "fraud_cases" ("customer_id", "opened_at");
--> statement-breakpoint
CREATE TABLE "fraud_alerts" (
  "id" bigserial PRIMARY KEY,
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
  "rule_code" text NOT NULL REFERENCES "fraud_rules" ("code"),
  "rule_version" integer NOT NULL,
  "severity" text NOT NULL CHECK ("severity" IN ('low', 'medium', 'high', 'critical')),
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'investigating', 'escalated', 'closed')),
  "outcome" text CHECK ("outcome" IN ('false_positive', 'confirmed')),
  -- What makes an alert the same alert: a re-run or a retried event lands on this key and adds nothing.
  "window_key" text NOT NULL,
  "window_start" timestamptz NOT NULL,
  "window_end" timestamptz NOT NULL,
  -- The thresholds in force when it was raised, and the figures that crossed them.
  "params" jsonb NOT NULL,
  "figures" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "event_at" timestamptz NOT NULL,
  "raised_at" timestamptz NOT NULL DEFAULT now(),
  "assignee_id" integer REFERENCES "staff_members" ("id"),
  "case_id" bigint REFERENCES "fraud_cases" ("id"),
  "closed_at" timestamptz,
  "closed_by" integer REFERENCES "staff_members" ("id"),
  "closing_note" text,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  "version" integer NOT NULL DEFAULT 1,
  CHECK (("status" = 'closed') = ("outcome" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_alerts_dedup_key" ON "fraud_alerts" ("customer_id", "rule_code", "window_key");
--> statement-breakpoint
CREATE INDEX "fraud_alerts_raised_idx" ON "fraud_alerts" ("raised_at", "id");
--> statement-breakpoint
CREATE INDEX "fraud_alerts_status_raised_idx" ON "fraud_alerts" ("status", "raised_at", "id");
--> statement-breakpoint
CREATE INDEX "fraud_alerts_rule_raised_idx" ON "fraud_alerts" ("rule_code", "raised_at");
--> statement-breakpoint
CREATE INDEX "fraud_alerts_case_idx" ON "fraud_alerts" ("case_id") WHERE "case_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "fraud_alerts_assignee_idx" ON "fraud_alerts" ("assignee_id", "status") WHERE "assignee_id" IS NOT NULL;
--> statement-breakpoint
-- The events that raised an alert: login, wallet_transaction, p2p_trade, screening_entry, blocklist_entry.
CREATE TABLE "fraud_alert_evidence" (
  "alert_id" bigint NOT NULL REFERENCES "fraud_alerts" ("id"),
  "kind" text NOT NULL,
  "ref_id" bigint NOT NULL,
  PRIMARY KEY ("alert_id", "kind", "ref_id")
);
--> statement-breakpoint
CREATE TABLE "fraud_blocklist" (
  "id" bigserial PRIMARY KEY,
  -- address | ip | device | email | phone
  "kind" text NOT NULL CHECK ("kind" IN ('address', 'ip', 'device', 'email', 'phone')),
  -- Normalised as its kind's rule says (lib in the blocklist module); matched by equality.
  "value" text NOT NULL,
  -- For an address: its network; null matches every network.
  "network" text,
  "reason" text NOT NULL,
  "source" text NOT NULL,
  "created_by" integer REFERENCES "staff_members" ("id"),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "removed_at" timestamptz,
  "removed_by" integer REFERENCES "staff_members" ("id"),
  "version" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_blocklist_active_key" ON "fraud_blocklist" ("kind", "value", coalesce("network", ''))
  WHERE "removed_at" IS NULL;
--> statement-breakpoint
-- Long runs a member starts and may cancel: rescan, backtest, rescreen. Progress and log are rows, so
-- every node shows the same run.
CREATE TABLE "fraud_runs" (
  "id" bigserial PRIMARY KEY,
  "kind" text NOT NULL,
  "params" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "status" text NOT NULL DEFAULT 'queued'
    CHECK ("status" IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  "progress_done" bigint NOT NULL DEFAULT 0,
  "progress_total" bigint,
  "result" jsonb,
  "cancel_requested" boolean NOT NULL DEFAULT false,
  "requested_by" integer REFERENCES "staff_members" ("id"),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "started_at" timestamptz,
  "finished_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "fraud_runs_created_idx" ON "fraud_runs" ("created_at", "id");
--> statement-breakpoint
-- A run's log: message keys and parameters, so each member reads it in their own language.
CREATE TABLE "fraud_run_log" (
  "run_id" bigint NOT NULL REFERENCES "fraud_runs" ("id"),
  "seq" integer NOT NULL,
  "at" timestamptz NOT NULL DEFAULT clock_timestamp(),
  "level" text NOT NULL CHECK ("level" IN ('info', 'warn', 'error')),
  "message" text NOT NULL,
  "params" jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY ("run_id", "seq")
);
