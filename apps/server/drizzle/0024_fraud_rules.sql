-- Fraud check: rules, runs and the blocklist (issue 13). The tables are the core's (0022); these are
-- the indexes their pages read by.
-- The blocklist page lists newest first, by kind or by state (active: not removed).
CREATE INDEX "fraud_blocklist_created_idx" ON "fraud_blocklist" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "fraud_blocklist_kind_created_idx" ON "fraud_blocklist" ("kind", "created_at", "id");
--> statement-breakpoint
-- A rule's version history, newest first.
CREATE INDEX "fraud_rule_versions_created_idx" ON "fraud_rule_versions" ("rule_code", "created_at");
--> statement-breakpoint
-- The runs page filters by kind and by status.
CREATE INDEX "fraud_runs_kind_created_idx" ON "fraud_runs" ("kind", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "fraud_runs_status_idx" ON "fraud_runs" ("status") WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
-- A rule's quality reads its closed alerts over 30 and 90 days.
CREATE INDEX "fraud_alerts_rule_closed_idx" ON "fraud_alerts" ("rule_code", "raised_at", "outcome")
  WHERE "status" = 'closed';
