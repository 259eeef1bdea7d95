-- Several nodes over one PostgreSQL (docs/decisions/0011-several-nodes.md).
-- The deployment secret when APP_SECRET is not given outside production: the first node to start
-- stores one, every other node reads the same (never a random secret per node).
CREATE TABLE "deployment_secrets" (
  "name" text PRIMARY KEY CHECK (length("name") BETWEEN 1 AND 100),
  "value" text NOT NULL CHECK (length("value") >= 32),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Read-your-own-write with READ_DATABASE_URL: the primary's WAL position after a member's last change;
-- that member reads from the replica only once it has replayed past it.
CREATE TABLE "member_write_marks" (
  "member_id" integer PRIMARY KEY REFERENCES "staff_members" ("id") ON DELETE CASCADE,
  "lsn" pg_lsn NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
