-- The audit trail is chained at commit, not at insert (docs/decisions/0008-tamper-evident-logs.md,
-- "Chained at commit"). Its chain lock used to be taken by the row's BEFORE INSERT trigger and held
-- to commit, across every round trip the transaction made after it; under twenty officers pressing
-- "next case" at once, most of the pool waited on it. Now a deferred constraint trigger takes the
-- lock as the transaction commits, gives the row its place in the chain (`audit_chain.seq`, under the
-- lock) and its hash, in a table of links beside the trail, so the lock is held for the commit alone.
-- Rows keep their ids from the sequence, at insert; the chain's order is the links' order.
CREATE TABLE "audit_chain" (
  "seq" bigint PRIMARY KEY,
  "audit_id" bigint NOT NULL UNIQUE,
  "hash" bytea NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "audit_chain_seq";
--> statement-breakpoint
CREATE TRIGGER "audit_chain_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION backdesk_refuse_change();
--> statement-breakpoint
-- The existing chain, link for link: so far a row's place was its id.
INSERT INTO "audit_chain" (seq, audit_id, hash) SELECT id, id, hash FROM "audit_log";
--> statement-breakpoint
SELECT setval('audit_chain_seq', greatest((SELECT max(seq) FROM audit_chain), 1),
  (SELECT max(seq) FROM audit_chain) IS NOT NULL);
--> statement-breakpoint
DROP TRIGGER "audit_log_chain" ON "audit_log";
--> statement-breakpoint
DROP FUNCTION bd_chain_audit_log();
--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "hash";
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "id" SET DEFAULT nextval('audit_log_id_seq');
--> statement-breakpoint
-- At commit, once per row the transaction inserted, in insert order: the lock (held to the end of
-- the commit, so the previous holder's link is committed and visible), the next place, the hash of
-- the previous link and the row's canonical text. Under REPEATABLE READ the last-link read would see
-- an old snapshot and fork the chain, so it is refused, as before.
CREATE FUNCTION bd_chain_audit_log_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev bytea;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_log rows are written under READ COMMITTED (the hash chain reads the latest link)';
  END IF;
  PERFORM pg_advisory_xact_lock(7272, 2);
  SELECT hash INTO prev FROM audit_chain ORDER BY seq DESC LIMIT 1;
  IF prev IS NULL THEN prev := bd_chain_start('audit_log'); END IF;
  INSERT INTO audit_chain (seq, audit_id, hash)
    VALUES (nextval('audit_chain_seq'), NEW.id, sha256(prev || convert_to(bd_audit_log_text(NEW), 'UTF8')));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_chain" AFTER INSERT ON "audit_log"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bd_chain_audit_log_at_commit();
--> statement-breakpoint
-- What verification walks, the same shape for both logs: each link's place in the chain, the row it
-- holds, its stored hash and the row's canonical text now (NULL when the row is gone, which fails).
-- Read with the reader's own privileges, so no one writes a log through them.
CREATE VIEW "access_log_links" WITH (security_invoker = true) AS
  SELECT a.id AS pos, a.id, a.hash, bd_access_log_text(a) AS body FROM access_log a;
--> statement-breakpoint
CREATE VIEW "audit_log_links" WITH (security_invoker = true) AS
  SELECT c.seq AS pos, c.audit_id AS id, c.hash,
    CASE WHEN a.id IS NULL THEN NULL ELSE bd_audit_log_text(a) END AS body
  FROM audit_chain c LEFT JOIN audit_log a ON a.id = c.audit_id;
