-- The audit trail is linked after commit, by one linker, not at commit by each writer
-- (docs/decisions/0032-audit-chain-linked-after-commit.md). Since 0030 every transaction that wrote an
-- audit row took the chain's lock (7272, 2) in its commit and held it through its WAL flush: one
-- audited commit at a time across every node, about 200 a second on this machine, which capped the
-- real-time checks' holds. Now a row only records the transaction that wrote it (`xid`); the linker
-- gives links, in (xid, id) order, to the rows of every transaction older than the oldest one still
-- running, so no row can later arrive before a link already made and no writer waits for the chain.
ALTER TABLE "audit_log" ADD COLUMN "xid" xid8 NOT NULL DEFAULT '0';
--> statement-breakpoint
-- Rows written before this migration keep xid 0: they were linked at commit, and the linker's
-- watermark starts past them. Every row from now on names its (top-level) transaction.
ALTER TABLE "audit_log" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();
--> statement-breakpoint
-- A writer cannot choose its row's transaction: one dated before the linker's watermark would never
-- be linked (verification reports it), one dated far ahead would wait unlinked for years.
CREATE FUNCTION bd_audit_log_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.xid := pg_current_xact_id();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_xid" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION bd_audit_log_xid();
--> statement-breakpoint
CREATE INDEX "audit_log_xid_id_idx" ON "audit_log" ("xid", "id");
--> statement-breakpoint
-- The linked row's transaction, so the linker resumes from the last link without reading the row.
ALTER TABLE "audit_chain" ADD COLUMN "xid" xid8 NOT NULL DEFAULT '0';
--> statement-breakpoint
DROP TRIGGER "audit_log_chain" ON "audit_log";
--> statement-breakpoint
DROP FUNCTION bd_chain_audit_log_at_commit();
--> statement-breakpoint
-- Links up to `max_links` rows and answers how many, and the horizon it linked below: every row of a
-- transaction older than `horizon` is linked once the answer is below `max_links`. One linker at a
-- time (the chain's lock, now held by the linker alone); with `wait` false a call finding it taken
-- answers linked = -1 at once. The candidate rows are read in the same statement as the horizon, so
-- the snapshot that sees them is the one that says no older transaction is still open.
CREATE FUNCTION bd_link_audit_log(max_links int, wait boolean, OUT linked int, OUT horizon xid8)
LANGUAGE plpgsql AS $$
DECLARE
  last_xid xid8 := '0';
  last_id bigint := 0;
  prev bytea;
  r record;
BEGIN
  linked := 0;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'the audit chain is linked under READ COMMITTED (it reads the latest link)';
  END IF;
  IF wait THEN
    PERFORM pg_advisory_xact_lock(7272, 2);
  ELSIF NOT pg_try_advisory_xact_lock(7272, 2) THEN
    linked := -1;
    RETURN;
  END IF;
  SELECT c.xid, c.audit_id, c.hash INTO last_xid, last_id, prev FROM audit_chain c ORDER BY c.seq DESC LIMIT 1;
  IF prev IS NULL THEN
    prev := bd_chain_start('audit_log');
    last_xid := '0';
    last_id := 0;
  END IF;
  horizon := pg_snapshot_xmin(pg_current_snapshot());
  FOR r IN
    WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
    SELECT a, h.xmin FROM audit_log a, h
    WHERE a.xid >= last_xid AND (a.xid, a.id) > (last_xid, last_id) AND a.xid < h.xmin
      -- Rows of xid 0 (linked at commit before 0064) came in commit order, not id order.
      AND NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.audit_id = a.id)
    ORDER BY a.xid, a.id LIMIT max_links
  LOOP
    horizon := r.xmin;
    prev := sha256(prev || convert_to(bd_audit_log_text(r.a), 'UTF8'));
    INSERT INTO audit_chain (seq, audit_id, hash, xid) VALUES (nextval('audit_chain_seq'), (r.a).id, prev, (r.a).xid);
    linked := linked + 1;
  END LOOP;
END;
$$;
