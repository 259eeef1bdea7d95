-- Trigram indexes back the substring searches of the customer and transaction lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The access log and the audit trail are append-only: history cannot be edited away.
CREATE OR REPLACE FUNCTION backdesk_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON access_log
  FOR EACH STATEMENT EXECUTE FUNCTION backdesk_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION backdesk_refuse_change();
