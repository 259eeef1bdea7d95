-- Member provisioning with SCIM 2.0 (docs/sso.md, "Provisioning with SCIM").
-- A bearer token an identity provider calls /scim/v2 with, issued by a super: `bds_<8 hex>_<secret>`,
-- the prefix finds the row, the secret is kept only as its SHA-256 (32 random bytes need no slow hash).
CREATE TABLE "scim_tokens" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "prefix" text NOT NULL UNIQUE,
  "secret_hash" bytea NOT NULL,
  "created_by" integer NOT NULL REFERENCES "staff_members" ("id"),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "last_used_at" timestamptz,
  "revoked_at" timestamptz,
  "revoked_by" integer REFERENCES "staff_members" ("id"),
  "version" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
-- What the provider knows a provisioned member by: its userName (often an email, which the members'
-- user_name rule does not allow, so kept beside it), its externalId, and when it deleted them (the
-- member is kept disabled, since the audit trail names them, and SCIM no longer finds them).
ALTER TABLE "staff_members" ADD COLUMN "scim_user_name" text;
--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "scim_external_id" text;
--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "scim_deleted_at" timestamptz;
--> statement-breakpoint
-- userName is case-insensitive in SCIM (RFC 7643 4.1.1): one live member per lower-cased name.
CREATE UNIQUE INDEX "staff_members_scim_user_name_key" ON "staff_members" (lower("scim_user_name"))
  WHERE "scim_user_name" IS NOT NULL AND "scim_deleted_at" IS NULL;
--> statement-breakpoint
-- A change made through SCIM names its token as the actor (member_id stays null).
ALTER TABLE "audit_log" ADD COLUMN "scim_token_id" integer REFERENCES "scim_tokens" ("id");
--> statement-breakpoint
-- As in 0037: the chained text gains the token only when there is one (concat_ws skips a NULL), so
-- every row written before keeps the very text its hash was made from.
CREATE OR REPLACE FUNCTION bd_audit_log_text(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    quote_nullable(r.member_id), quote_nullable(r.action), quote_nullable(r.entity),
    quote_nullable(r.entity_id), quote_nullable(r.before), quote_nullable(r.after),
    quote_nullable(r.request_id), quote_nullable(r.customer_id),
    CASE WHEN r.integration_id IS NOT NULL THEN 'integration:' || r.integration_id END,
    CASE WHEN r.scim_token_id IS NOT NULL THEN 'scim:' || r.scim_token_id END)
$$;
