-- Single sign-on's sign-out (docs/sso.md): which Backdesk sessions a provider's sign-in opened, so
-- sign-out can send the browser to the provider's end-session endpoint with the ID token as its
-- hint.
CREATE TABLE "sso_sessions" (
  "session_id" uuid PRIMARY KEY REFERENCES "staff_sessions" ("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "issuer" text NOT NULL,
  "subject" text NOT NULL,
  -- The provider's session id (the ID token's `sid`), when it sends one.
  "sid" text,
  "id_token" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "sso_sessions_subject_idx" ON "sso_sessions" ("issuer", "subject");
--> statement-breakpoint
CREATE INDEX "sso_sessions_sid_idx" ON "sso_sessions" ("issuer", "sid") WHERE "sid" IS NOT NULL;
