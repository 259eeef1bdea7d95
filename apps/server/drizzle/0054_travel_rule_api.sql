-- Travel rule through the public API (docs/decisions/0026-travel-rule.md, "Public API"): a deposit from
-- a VASP whose information is missing is held until its record is complete; the fraud rule
-- travel_rule_failures counts failed records per counterparty VASP and per customer.
ALTER TABLE "travel_rule_records" ADD COLUMN "held" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- Failures by counterparty and by time: the fraud rule's window counts read these.
CREATE INDEX "travel_rule_records_failures_idx" ON "travel_rule_records" ("state_changed_at", "id")
  WHERE "state" IN ('returned', 'rejected');
--> statement-breakpoint
-- Version 1 of the rule: packages/contract/src/fraud/rule-params.ts RULE_DEFAULTS (a test keeps them equal).
-- No stored reason: a first setting reads "Initial setting" in the member's language (as 0051 left the others).
INSERT INTO "fraud_rules" ("code", "current_version", "version") VALUES ('travel_rule_failures', 1, 1)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "fraud_rule_versions" ("rule_code", "version", "params", "severity", "enabled", "reason") VALUES
  ('travel_rule_failures', 1, '{"count": 3, "windowMinutes": 43200}', 'high', true, NULL)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A record that fails (returned or rejected) is an event of its transfer for the fraud engine, in the
-- transaction that moved it, as the wallet table's own triggers enqueue its rows (migration 0023).
CREATE FUNCTION bd_travel_rule_fraud_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_n bigint;
BEGIN
  INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
  SELECT 'wallet_transaction', n.transaction_id, w.customer_id
    FROM tr_new n
    JOIN wallet_transactions w ON w.id = n.transaction_id
    LEFT JOIN tr_old o ON o.id = n.id
   WHERE n.state IN ('returned', 'rejected') AND o.state IS DISTINCT FROM n.state
   ORDER BY n.id;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n > 0 THEN PERFORM pg_notify('fraud_events', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "travel_rule_fraud_enqueue_update" AFTER UPDATE ON "travel_rule_records"
  REFERENCING OLD TABLE AS tr_old NEW TABLE AS tr_new
  FOR EACH STATEMENT EXECUTE FUNCTION bd_travel_rule_fraud_enqueue();
