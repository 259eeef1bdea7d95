-- Single sign-on's sign-out (docs/sso.md): which Backdesk sessions a provider's sign-in opened, so
-- sign-out can send the browser to the provider's end-session endpoint with the ID token as its
-- hint, and a provider's back-channel logout can end every session of a subject or provider session
-- (sid) on every node.
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
--> statement-breakpoint
-- Logout tokens already taken (by issuer and jti), so a replayed one is refused on any node; a row is
-- kept while its token could still be accepted, then swept.
CREATE TABLE "sso_logout_tokens" (
  "issuer" text NOT NULL,
  "jti" text NOT NULL,
  "seen_at" timestamptz NOT NULL DEFAULT now(),
  "expires_at" timestamptz NOT NULL,
  PRIMARY KEY ("issuer", "jti")
);
--> statement-breakpoint
CREATE INDEX "sso_logout_tokens_expires_idx" ON "sso_logout_tokens" ("expires_at");
