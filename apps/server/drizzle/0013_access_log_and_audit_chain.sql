-- Tamper evidence for the access log and the audit trail (docs/decisions/0008-tamper-evident-logs.md).
-- Every row carries hash = sha256(previous row's hash || the row's canonical text), computed here in
-- the database under a per-table lock, so inserts from any number of nodes form one chain in id order.
ALTER TABLE "access_log" ADD COLUMN "outcome" text CHECK ("outcome" IN ('success', 'failure'));
--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "hash" bytea;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" bytea;
--> statement-breakpoint
-- Signed statements about the chains, written by the app with the deployment secret (not in the
-- database, so its owner cannot forge one): a `seal` says "row N had this hash"; a `cut` says "rows
-- up to N (this hash) were removed by the retention job", and the chain continues from it.
CREATE TABLE "log_checkpoints" (
  "id" bigserial PRIMARY KEY,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "log" text NOT NULL CHECK ("log" IN ('access_log', 'audit_log')),
  "kind" text NOT NULL CHECK ("kind" IN ('seal', 'cut')),
  "row_id" bigint NOT NULL,
  "row_hash" bytea NOT NULL,
  "deleted" bigint,
  "key_id" text NOT NULL,
  "signature" bytea NOT NULL
);
--> statement-breakpoint
CREATE INDEX "log_checkpoints_log_kind_idx" ON "log_checkpoints" ("log", "kind", "row_id");
--> statement-breakpoint
CREATE TRIGGER "log_checkpoints_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "log_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION backdesk_refuse_change();
--> statement-breakpoint
-- The canonical text of a row: every column in a fixed order, quoted (NULL distinct from 'NULL'),
-- times in UTC to the microsecond whatever the session's time zone. Verification uses the same.
CREATE FUNCTION bd_access_log_text(r access_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    quote_nullable(r.event), quote_nullable(r.outcome), quote_nullable(r.member_id),
    quote_nullable(r.user_name), quote_nullable(r.ip), quote_nullable(r.user_agent),
    quote_nullable(r.detail))
$$;
--> statement-breakpoint
CREATE FUNCTION bd_audit_log_text(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    quote_nullable(r.member_id), quote_nullable(r.action), quote_nullable(r.entity),
    quote_nullable(r.entity_id), quote_nullable(r.before), quote_nullable(r.after),
    quote_nullable(r.request_id), quote_nullable(r.customer_id))
$$;
--> statement-breakpoint
-- Where a chain starts: the hash of the last retention cut, else 32 zero bytes.
CREATE FUNCTION bd_chain_start(p_log text) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT row_hash FROM log_checkpoints WHERE log = p_log AND kind = 'cut' ORDER BY row_id DESC LIMIT 1),
    '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea)
$$;
--> statement-breakpoint
-- Before each insert: take the table's chain lock (held to commit, so the previous holder's row is
-- committed and visible), give the row the next id under it (ids follow the chain), read the last
-- row's hash and chain the new row to it. Rows inserted earlier by the same statement are visible
-- to the lookup, so a multi-row insert chains too. Under REPEATABLE READ the lookup would read an
-- old snapshot and fork the chain, so it is refused.
CREATE FUNCTION bd_chain_access_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev bytea;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'access_log rows are written under READ COMMITTED (the hash chain reads the latest row)';
  END IF;
  PERFORM pg_advisory_xact_lock(7272, 1);
  NEW.id := nextval('access_log_id_seq');
  SELECT hash INTO prev FROM access_log ORDER BY id DESC LIMIT 1;
  IF prev IS NULL THEN prev := bd_chain_start('access_log'); END IF;
  NEW.hash := sha256(prev || convert_to(bd_access_log_text(NEW), 'UTF8'));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION bd_chain_audit_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev bytea;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_log rows are written under READ COMMITTED (the hash chain reads the latest row)';
  END IF;
  PERFORM pg_advisory_xact_lock(7272, 2);
  NEW.id := nextval('audit_log_id_seq');
  SELECT hash INTO prev FROM audit_log ORDER BY id DESC LIMIT 1;
  IF prev IS NULL THEN prev := bd_chain_start('audit_log'); END IF;
  NEW.hash := sha256(prev || convert_to(bd_audit_log_text(NEW), 'UTF8'));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Existing rows, chained once in id order (the migration holds the tables). Rows written before
-- the app recorded outcomes take them from the failures of the vocabulary at this migration.
DO $$
DECLARE
  r record;
  prev bytea := bd_chain_start('access_log');
BEGIN
  ALTER TABLE access_log DISABLE TRIGGER access_log_append_only;
  UPDATE access_log SET outcome = CASE WHEN event IN ('login_failed', 'login_throttled',
    'captcha_failed', 'refresh_reuse', 'access_denied', 'two_factor_failed', 'two_factor_throttled',
    'password_change_failed') THEN 'failure' ELSE 'success' END;
  FOR r IN SELECT a.id, bd_access_log_text(a) AS body FROM access_log a ORDER BY a.id LOOP
    prev := sha256(prev || convert_to(r.body, 'UTF8'));
    UPDATE access_log SET hash = prev WHERE id = r.id;
  END LOOP;
  ALTER TABLE access_log ENABLE TRIGGER access_log_append_only;
  prev := bd_chain_start('audit_log');
  ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
  FOR r IN SELECT a.id, bd_audit_log_text(a) AS body FROM audit_log a ORDER BY a.id LOOP
    prev := sha256(prev || convert_to(r.body, 'UTF8'));
    UPDATE audit_log SET hash = prev WHERE id = r.id;
  END LOOP;
  ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
END;
$$;
--> statement-breakpoint
ALTER TABLE "access_log" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
-- The trigger gives every id; an insert that bypasses it (triggers off) fails instead of breaking the chain.
ALTER TABLE "access_log" ALTER COLUMN "id" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "id" DROP DEFAULT;
--> statement-breakpoint
CREATE TRIGGER "access_log_chain" BEFORE INSERT ON "access_log"
  FOR EACH ROW EXECUTE FUNCTION bd_chain_access_log();
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION bd_chain_audit_log();
--> statement-breakpoint
-- The access log stays append-only, except for the retention job's delete (bd_expire_access_log),
-- which marks its transaction. The app's role holds no DELETE privilege, so it cannot use the mark.
CREATE FUNCTION backdesk_refuse_change_unless_expiring() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('backdesk.expiring_access_log', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP TRIGGER "access_log_append_only" ON "access_log";
--> statement-breakpoint
CREATE TRIGGER "access_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "access_log"
  FOR EACH STATEMENT EXECUTE FUNCTION backdesk_refuse_change_unless_expiring();
--> statement-breakpoint
-- The only way access-log rows go: a prefix of the chain, older than the retention floor, after a
-- signed cut is written. Runs as the owner (SECURITY DEFINER); the app may call it but not DELETE.
-- The app names the prefix and signs the cut; this checks that the prefix is what it says (the last
-- row and its hash, the count, every row older than the cutoff) before anything goes. Returns the
-- rows deleted, or -1 when another node is expiring at this moment.
CREATE FUNCTION bd_expire_access_log(
  p_cutoff timestamptz, p_last_id bigint, p_last_hash bytea, p_count bigint, p_key_id text, p_signature bytea
) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  n bigint;
  newest timestamptz;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7272, 11) THEN RETURN -1; END IF;
  IF p_cutoff > now() - interval '30 days' THEN
    RAISE EXCEPTION 'access-log rows are kept at least 30 days' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM access_log WHERE id = p_last_id AND hash = p_last_hash) THEN
    RAISE EXCEPTION 'the cut names a row or hash the access log does not hold' USING ERRCODE = 'data_exception';
  END IF;
  SELECT count(*), max(at) INTO n, newest FROM access_log WHERE id <= p_last_id;
  IF n <> p_count OR newest >= p_cutoff THEN
    RAISE EXCEPTION 'the cut does not match the rows it would remove' USING ERRCODE = 'data_exception';
  END IF;
  INSERT INTO log_checkpoints (log, kind, row_id, row_hash, deleted, key_id, signature)
    VALUES ('access_log', 'cut', p_last_id, p_last_hash, n, p_key_id, p_signature);
  PERFORM set_config('backdesk.expiring_access_log', 'on', true);
  DELETE FROM access_log WHERE id <= p_last_id;
  PERFORM set_config('backdesk.expiring_access_log', 'off', true);
  RETURN n;
END;
$$;
--> statement-breakpoint
-- The lists: newest first by (at, id), alone or under one filter, at any depth (keyset pages).
DROP INDEX "access_log_at_idx";
--> statement-breakpoint
CREATE INDEX "access_log_at_id_idx" ON "access_log" ("at", "id");
--> statement-breakpoint
CREATE INDEX "access_log_user_at_idx" ON "access_log" ("user_name", "at", "id");
--> statement-breakpoint
CREATE INDEX "access_log_event_at_idx" ON "access_log" ("event", "at", "id");
--> statement-breakpoint
CREATE INDEX "access_log_outcome_at_idx" ON "access_log" ("outcome", "at", "id");
--> statement-breakpoint
CREATE INDEX "access_log_ip_at_idx" ON "access_log" ("ip", "at", "id");
--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" ("at", "id");
--> statement-breakpoint
CREATE INDEX "audit_log_member_at_idx" ON "audit_log" ("member_id", "at", "id");
--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" ("entity", "at", "id");
