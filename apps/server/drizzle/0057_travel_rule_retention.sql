-- Retention of travel-rule records (docs/decisions/0026-travel-rule.md, "Retention"): past the
-- retention of its jurisdiction a finished record's IVMS101 parties (the personal data) are cleared
-- and the record marked anonymised; its figures stay for the report. Never earlier: the trigger below
-- refuses, whatever the caller, anonymising or deleting a record still within its retention.
ALTER TABLE "travel_rule_records" ADD COLUMN "anonymised_at" timestamptz;
--> statement-breakpoint
-- The jurisdiction's retention in years: the stored rule, else the default the code holds
-- (travel-rule-defaults.ts: TR 8 years under MASAK, the others 5 under FATF R.11).
CREATE FUNCTION "travel_rule_retention_years"(jurisdiction text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(
    (SELECT (s.value -> jurisdiction ->> 'retention_years')::integer
       FROM app_settings s WHERE s.key = 'travel_rule.rules'),
    CASE jurisdiction WHEN 'TR' THEN 8 ELSE 5 END)
$$;
--> statement-breakpoint
CREATE FUNCTION "travel_rule_records_retention_guard"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.created_at + make_interval(years => travel_rule_retention_years(OLD.jurisdiction)) > now()
     AND (TG_OP = 'DELETE' OR (NEW.anonymised_at IS NOT NULL AND OLD.anonymised_at IS NULL)) THEN
    RAISE EXCEPTION 'travel-rule record % is within the retention of %', OLD.id, OLD.jurisdiction
      USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "travel_rule_records_retention"
  BEFORE UPDATE OF "anonymised_at" OR DELETE ON "travel_rule_records"
  FOR EACH ROW EXECUTE FUNCTION "travel_rule_records_retention_guard"();
--> statement-breakpoint
-- The job's scan: finished records not yet anonymised, oldest first.
CREATE INDEX "travel_rule_records_retention_idx" ON "travel_rule_records" ("created_at", "id")
  WHERE "anonymised_at" IS NULL AND "state" IN ('complete', 'not_in_scope', 'returned', 'rejected');
