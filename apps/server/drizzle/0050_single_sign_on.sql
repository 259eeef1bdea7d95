-- Staff single sign-on with OpenID Connect (docs/sso.md).
-- A sign-in under way between /api/auth/sso/start and the provider's callback: one row per browser
-- sent to the provider, found by the hash of its `state`, used once (deleted when the callback reads
-- it) and void after ten minutes. In PostgreSQL, so the callback may reach any node.
CREATE TABLE "sso_logins" (
  "state_hash" bytea PRIMARY KEY,
  "provider" text NOT NULL,
  "nonce" text NOT NULL,
  "code_verifier" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "expires_at" timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" ("expires_at");
--> statement-breakpoint
-- Who a member is at a provider: its issuer and subject, never an email alone.
CREATE TABLE "staff_identities" (
  "id" serial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "provider" text NOT NULL,
  "issuer" text NOT NULL,
  "subject" text NOT NULL,
  "email" text,
  "linked_at" timestamptz NOT NULL DEFAULT now(),
  "last_sign_in_at" timestamptz,
  CONSTRAINT "staff_identities_subject_key" UNIQUE ("issuer", "subject")
);
--> statement-breakpoint
CREATE INDEX "staff_identities_member_idx" ON "staff_identities" ("member_id");
--> statement-breakpoint
-- Where a member comes from: made in Backdesk (local), on a first sign-in through a provider (sso),
-- or provisioned by SCIM (scim). The roles of an sso or scim member are the provider's.
ALTER TABLE "staff_members" ADD COLUMN "source" text NOT NULL DEFAULT 'local'
  CHECK ("source" IN ('local', 'sso', 'scim'));
