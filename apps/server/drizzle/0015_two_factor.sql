-- A member's ENABLED second factors: one authenticator app (TOTP) and any number of passkeys.
-- "Has two-factor" is EXISTS(a row): a pending enrolment lives in staff_two_factor_enrolments.
CREATE TABLE "staff_two_factor_methods" (
  "id" bigserial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "kind" text NOT NULL CHECK ("kind" IN ('totp', 'passkey')),
  "name" text NOT NULL CHECK (length("name") BETWEEN 1 AND 100),
  -- TOTP: the shared key, AES-256-GCM under a key derived from the deployment secret.
  "secret_encrypted" bytea,
  -- TOTP: the last time step accepted, so a code is accepted once (replay refused on every node).
  "last_step" bigint,
  -- Passkey: the credential as the authenticator registered it.
  "credential_id" text,
  "public_key" bytea,
  "counter" bigint,
  "transports" text[],
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  CONSTRAINT "staff_two_factor_methods_totp_check"
    CHECK (("kind" = 'totp') = ("secret_encrypted" IS NOT NULL)),
  CONSTRAINT "staff_two_factor_methods_passkey_check"
    CHECK (("kind" = 'passkey') = ("credential_id" IS NOT NULL AND "public_key" IS NOT NULL AND "counter" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "staff_two_factor_methods_member_idx" ON "staff_two_factor_methods" ("member_id");
--> statement-breakpoint
-- One authenticator app per member; a passkey belongs to one member; names tell a member's keys apart.
CREATE UNIQUE INDEX "staff_two_factor_methods_one_totp_key" ON "staff_two_factor_methods" ("member_id")
  WHERE "kind" = 'totp';
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_two_factor_methods_credential_key" ON "staff_two_factor_methods" ("credential_id")
  WHERE "credential_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_two_factor_methods_name_key" ON "staff_two_factor_methods" ("member_id", lower("name"));
--> statement-breakpoint
-- An authenticator-app enrolment shown but not yet confirmed by a correct code.
CREATE TABLE "staff_two_factor_enrolments" (
  "member_id" integer PRIMARY KEY REFERENCES "staff_members" ("id"),
  "secret_encrypted" bytea NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- One-time recovery codes, as keyed hashes; a used code keeps its row (and says when it was used).
CREATE TABLE "staff_recovery_codes" (
  "id" bigserial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "code_hash" bytea NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  CONSTRAINT "staff_recovery_codes_code_key" UNIQUE ("member_id", "code_hash")
);
--> statement-breakpoint
-- Short-lived, single-use challenges: the sign-in's second step (after captcha and password) and a
-- passkey registration. Only the token's SHA-256 is kept, as for session tokens.
CREATE TABLE "staff_two_factor_challenges" (
  "token_hash" bytea PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "purpose" text NOT NULL CHECK ("purpose" IN ('sign_in', 'passkey_registration')),
  -- The WebAuthn challenge of a passkey sign-in, once asked for.
  "webauthn_challenge" text,
  "failures" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "staff_two_factor_challenges_expiry_idx" ON "staff_two_factor_challenges" ("expires_at");
--> statement-breakpoint
-- Second-step throttling counts a member's failed codes since their last success (login-throttle.ts).
CREATE INDEX "access_log_two_factor_member_idx" ON "access_log" ("member_id", "at")
  WHERE "event" IN ('two_factor_failed', 'two_factor_passed', 'two_factor_reset', 'throttle_cleared');
