-- A member created by a super signs in with a one-time password and must choose their own first.
ALTER TABLE "staff_members" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Language and colour mode follow the member from browser to browser; null until first chosen.
ALTER TABLE "staff_members"
  ADD COLUMN "language" text CHECK ("language" IN ('en', 'tr')),
  ADD COLUMN "color_mode" text CHECK ("color_mode" IN ('light', 'dark', 'system')),
  ADD COLUMN "password_changed_at" timestamp with time zone,
  ADD CONSTRAINT "staff_members_status_check" CHECK ("status" IN ('active', 'disabled'));
--> statement-breakpoint
-- The passwords a member gave up, so a new one cannot be an old one again (only hashes are kept).
CREATE TABLE "staff_password_history" (
  "id" bigserial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "password_hash" text NOT NULL,
  "retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_password_history_member_idx" ON "staff_password_history" ("member_id", "retired_at" DESC);
--> statement-breakpoint
-- A member's choice per event; an event without a row takes the contract's default.
CREATE TABLE "staff_notification_preferences" (
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "kind" text NOT NULL,
  "severity" text,
  "inbox" boolean NOT NULL,
  "desktop" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "staff_notification_preferences_key" UNIQUE NULLS NOT DISTINCT ("member_id", "kind", "severity"),
  CONSTRAINT "staff_notification_preferences_severity_check"
    CHECK (("kind" = 'fraud_alert') = ("severity" IS NOT NULL))
);
--> statement-breakpoint
-- The live sign-ins of one member: the settings page lists them, disabling a member ends them.
CREATE INDEX "staff_sessions_member_live_idx" ON "staff_sessions" ("member_id", "created_at" DESC)
  WHERE "revoked_at" IS NULL;
