-- Spec §3 roles, in SQL so filters and the list read one definition: backslashes removed, parsed
-- only when the text starts with [ and ends with ] (and is valid JSON), otherwise no roles. Null
-- elements are dropped. Declared IMMUTABLE (JSON parsing does not depend on settings) so it can
-- back generated columns. An exception block rather than pg_input_is_valid: PostgreSQL 15 lacks it.
CREATE OR REPLACE FUNCTION bd_customer_roles(roles text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  cleaned text := pg_catalog.replace(roles, '\', '');
  parsed jsonb;
BEGIN
  IF cleaned IS NULL OR cleaned NOT LIKE '[%]' THEN
    RETURN '{}';
  END IF;
  BEGIN
    parsed := cleaned::jsonb;
  EXCEPTION WHEN others THEN
    RETURN '{}';
  END;
  IF pg_catalog.jsonb_typeof(parsed) <> 'array' THEN
    RETURN '{}';
  END IF;
  RETURN ARRAY(SELECT e FROM pg_catalog.jsonb_array_elements_text(parsed) AS e WHERE e IS NOT NULL);
END;
$$;
--> statement-breakpoint
-- The roles folded for Turkish-aware, case-insensitive matching (see bd_fold in 0003).
CREATE OR REPLACE FUNCTION bd_customer_roles_folded(roles text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ARRAY(SELECT public.bd_fold(e) FROM unnest(public.bd_customer_roles(roles)) AS e) $$;
--> statement-breakpoint
-- The expression index of 0003 is replaced by one on the stored search_text column.
DROP INDEX IF EXISTS customers_search_trgm_idx;--> statement-breakpoint
DROP INDEX "customer_restrictions_created_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.bd_customer_search_text(user_name, alias_name, alias_surname, alias_email)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "role_list" text[] GENERATED ALWAYS AS (public.bd_customer_roles(roles)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "roles_folded" text[] GENERATED ALWAYS AS (public.bd_customer_roles_folded(roles)) STORED;--> statement-breakpoint
CREATE INDEX "customer_restrictions_starts_idx" ON "customer_restrictions" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "customers_search_text_trgm_idx" ON "customers" USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_lower_key" ON "customers" USING btree (lower(alias_email));--> statement-breakpoint
CREATE INDEX "customers_sort_alias_name_idx" ON "customers" USING btree (coalesce(alias_name, ''),"id");--> statement-breakpoint
CREATE INDEX "customers_sort_alias_surname_idx" ON "customers" USING btree (coalesce(alias_surname, ''),"id");--> statement-breakpoint
CREATE INDEX "customers_sort_email_idx" ON "customers" USING btree (coalesce(alias_email, ''),"id");--> statement-breakpoint
CREATE INDEX "customers_sort_phone_idx" ON "customers" USING btree (coalesce(mobile, '-'),"id");--> statement-breakpoint
CREATE INDEX "customers_sort_status_idx" ON "customers" USING btree (coalesce(status, ''),"id");--> statement-breakpoint
CREATE INDEX "customers_sort_kyc_status_idx" ON "customers" USING btree (coalesce(user_ky, 'kyc'),"id");--> statement-breakpoint
CREATE INDEX "customers_sort_customer_type_idx" ON "customers" USING btree (coalesce(customer_type, 'bronze'),"id");--> statement-breakpoint
CREATE INDEX "customers_sort_created_idx" ON "customers" USING btree ("create_date","id");--> statement-breakpoint
CREATE INDEX "customers_sort_updated_idx" ON "customers" USING btree ("update_date","id");--> statement-breakpoint
CREATE INDEX "customers_roles_folded_idx" ON "customers" USING gin ("roles_folded");--> statement-breakpoint
CREATE INDEX "customer_restrictions_created_idx" ON "customer_restrictions" USING btree ("created_at","id");