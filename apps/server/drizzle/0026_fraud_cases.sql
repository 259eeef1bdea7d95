-- Fraud check (issue 13), cases: what a case holds beyond the core (0022) — its title, narrative and
-- decision, who closed it and why, comments, its own events for the timeline, and the drafts of a
-- suspicious-activity report stored through the KYC file store. A follow-up date puts the case in
-- its owner's inbox (kind case_follow_up), opened by a job at that date.
ALTER TABLE "fraud_cases"
  ADD COLUMN "title" text NOT NULL DEFAULT '',
  ADD COLUMN "narrative" text NOT NULL DEFAULT '',
  ADD COLUMN "decision" text CHECK ("decision" IN ('no_action', 'monitor', 'restrict', 'offboard', 'report')),
  ADD COLUMN "closed_at" timestamptz,
  ADD COLUMN "closed_by" integer REFERENCES "staff_members" ("id"),
  ADD COLUMN "closing_note" text,
  ADD COLUMN "updated_at" timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT "fraud_cases_closed_check"
    CHECK (("status" = 'closed') = ("decision" IS NOT NULL AND "closed_at" IS NOT NULL));
--> statement-breakpoint
-- One open case per customer: opening another joins it (the service relies on this under races).
CREATE UNIQUE INDEX "fraud_cases_open_key" ON "fraud_cases" ("customer_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "fraud_cases_opened_idx" ON "fraud_cases" ("opened_at", "id");
--> statement-breakpoint
CREATE INDEX "fraud_cases_owner_idx" ON "fraud_cases" ("owner_id", "status") WHERE "owner_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "fraud_case_comments" (
  "id" bigserial PRIMARY KEY,
  "case_id" bigint NOT NULL REFERENCES "fraud_cases" ("id"),
  "author_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "body" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "fraud_case_comments_case_idx" ON "fraud_case_comments" ("case_id", "created_at");
--> statement-breakpoint
-- What happened to the case itself (opened, alerts attached or detached, owner, follow-up, decision,
-- report drafted), in the timeline beside the alerts, comments and the customer's own history.
CREATE TABLE "fraud_case_events" (
  "id" bigserial PRIMARY KEY,
  "case_id" bigint NOT NULL REFERENCES "fraud_cases" ("id"),
  "at" timestamptz NOT NULL,
  "member_id" integer REFERENCES "staff_members" ("id"),
  "kind" text NOT NULL,
  "params" jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
CREATE INDEX "fraud_case_events_case_idx" ON "fraud_case_events" ("case_id", "at");
--> statement-breakpoint
-- A suspicious-activity report draft: the PDF lives in the KYC file store under its SHA-256.
CREATE TABLE "fraud_case_reports" (
  "id" bigserial PRIMARY KEY,
  "case_id" bigint NOT NULL REFERENCES "fraud_cases" ("id"),
  "sha256" text NOT NULL CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
  "size_bytes" integer NOT NULL,
  "file_name" text NOT NULL,
  "created_by" integer NOT NULL REFERENCES "staff_members" ("id"),
  "created_at" timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fraud_case_reports_case_idx" ON "fraud_case_reports" ("case_id", "created_at");
--> statement-breakpoint
-- Reaches the case's owner alone (the work item's audience), so no roles.
INSERT INTO "inbox_kinds" ("kind", "roles", "sla_minutes") VALUES ('case_follow_up', '{}', NULL)
ON CONFLICT ("kind") DO NOTHING;
