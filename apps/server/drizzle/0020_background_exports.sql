-- Large exports run as background jobs (issue 15, decision 0015): one row per export a member asked
-- for, with its progress, its stored file and when it expires. The file is personal data: only the
-- member who asked downloads it, through GET /api/exports/download.
CREATE TABLE "background_exports" (
  "id" bigserial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "staff_members"("id"),
  -- The export endpoint (its contract path), its query string as sent, the file's format and language.
  "route" text NOT NULL,
  "query" text NOT NULL,
  "format" text NOT NULL CHECK ("format" IN ('csv', 'xlsx')),
  "language" text NOT NULL CHECK ("language" IN ('en', 'tr')),
  "file_name" text NOT NULL,
  "status" text NOT NULL DEFAULT 'queued' CHECK ("status" IN ('queued', 'running', 'ready', 'failed', 'expired')),
  "rows_written" bigint NOT NULL DEFAULT 0,
  -- The list's bounded total when it was asked for (at least the threshold); the progress bar's end.
  "rows_total" bigint NOT NULL,
  "sha256" text,
  "size_bytes" bigint,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "finished_at" timestamptz,
  "expires_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "background_exports_member_idx" ON "background_exports" ("member_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "background_exports_expiry_idx" ON "background_exports" ("expires_at") WHERE "status" = 'ready';
