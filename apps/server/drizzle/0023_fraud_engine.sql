-- Fraud check's engine (issue 13): the seven rules' first settings, the outbox triggers that enqueue
-- every evaluated event in the transaction that writes it (rolled back with it), one NOTIFY per
-- statement so an evaluator wakes at once, the TRY valuation the amount rules compare with, and the
-- indexes the set-based rules read by.

-- Version 1 of each rule: packages/contract/src/fraud/rule-params.ts RULE_DEFAULTS (a test keeps them equal).
INSERT INTO "fraud_rules" ("code", "current_version", "version") VALUES
  ('withdrawal_velocity', 1, 1), ('withdrawal_after_deposit', 1, 1), ('new_address_withdrawal', 1, 1),
  ('failed_logins', 1, 1), ('p2p_amount', 1, 1), ('blocklisted_address', 1, 1), ('screening_hit', 1, 1)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "fraud_rule_versions" ("rule_code", "version", "params", "severity", "enabled", "reason") VALUES
  ('withdrawal_velocity', 1, '{"count": 5, "windowMinutes": 60}', 'high', true, 'Initial setting'),
  ('withdrawal_after_deposit', 1, '{"withinMinutes": 30, "minPercent": 80}', 'high', true, 'Initial setting'),
  ('new_address_withdrawal', 1, '{"minAmount": "50000"}', 'medium', true, 'Initial setting'),
  ('failed_logins', 1, '{"count": 5, "windowMinutes": 15}', 'medium', true, 'Initial setting'),
  ('p2p_amount', 1, '{"minAmount": "250000"}', 'medium', true, 'Initial setting'),
  ('blocklisted_address', 1, '{}', 'critical', true, 'Initial setting'),
  ('screening_hit', 1, '{}', 'high', true, 'Initial setting')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The evaluator takes the oldest events first.
CREATE INDEX IF NOT EXISTS "fraud_event_queue_id_idx" ON "fraud_event_queue" ("id");
--> statement-breakpoint
-- ── Outbox: statement-level triggers read the statement's rows as a set (a bulk insert costs one
-- INSERT … SELECT and one NOTIFY, not one per row). ──
CREATE FUNCTION bd_fraud_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_n bigint;
BEGIN
  IF TG_TABLE_NAME = 'customer_login_events' THEN
    INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
    SELECT 'login', n.id, n.customer_id FROM fraud_new n ORDER BY n.id;
  ELSIF TG_TABLE_NAME = 'wallet_transactions' AND TG_OP = 'INSERT' THEN
    INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
    SELECT 'wallet_transaction', n.id, n.customer_id FROM fraud_new n ORDER BY n.id;
  ELSIF TG_TABLE_NAME = 'wallet_transactions' THEN
    -- Any update fires this (a column list forbids transition tables); only a new status is an event.
    INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
    SELECT 'wallet_transaction', n.id, n.customer_id
      FROM fraud_new n JOIN fraud_old o ON o.id = n.id
     WHERE o.status IS DISTINCT FROM n.status ORDER BY n.id;
  ELSIF TG_TABLE_NAME = 'p2p_trades' THEN
    -- A trade names its parties by user name: the buyer's row, and the seller's when the offer is known.
    INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
    SELECT 'p2p_trade', n.id, c.id
      FROM fraud_new n
      JOIN customers c ON c.user_name IN (n.buyer_user_name, n.offer_seller_user_name)
     ORDER BY n.id, c.id;
  ELSIF TG_TABLE_NAME = 'customers' AND TG_OP = 'INSERT' THEN
    INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
    SELECT 'customer', n.id, n.id FROM fraud_new n ORDER BY n.id;
  ELSIF TG_TABLE_NAME = 'customers' THEN
    -- A new name is screened again, a new email or phone checked against the blocklist; other
    -- edits are not events.
    INSERT INTO fraud_event_queue (kind, ref_id, customer_id)
    SELECT 'customer', n.id, n.id
      FROM fraud_new n JOIN fraud_old o ON o.id = n.id
     WHERE (o.alias_name, o.alias_surname, o.alias_email, o.mobile)
           IS DISTINCT FROM (n.alias_name, n.alias_surname, n.alias_email, n.mobile) ORDER BY n.id;
  END IF;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  -- Delivered at commit, and only then: an evaluator never wakes for a rolled-back event.
  IF v_n > 0 THEN PERFORM pg_notify('fraud_events', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fraud_login_enqueue" AFTER INSERT ON "customer_login_events" REFERENCING NEW TABLE AS fraud_new
  FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_enqueue();
--> statement-breakpoint
CREATE TRIGGER "fraud_wallet_enqueue_insert" AFTER INSERT ON "wallet_transactions" REFERENCING NEW TABLE AS fraud_new
  FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_enqueue();
--> statement-breakpoint
CREATE TRIGGER "fraud_wallet_enqueue_update" AFTER UPDATE ON "wallet_transactions"
  REFERENCING OLD TABLE AS fraud_old NEW TABLE AS fraud_new
  FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_enqueue();
--> statement-breakpoint
CREATE TRIGGER "fraud_p2p_enqueue" AFTER INSERT ON "p2p_trades" REFERENCING NEW TABLE AS fraud_new
  FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_enqueue();
--> statement-breakpoint
CREATE TRIGGER "fraud_customer_enqueue_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS fraud_new
  FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_enqueue();
--> statement-breakpoint
CREATE TRIGGER "fraud_customer_enqueue_update" AFTER UPDATE ON "customers"
  REFERENCING OLD TABLE AS fraud_old NEW TABLE AS fraud_new
  FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_enqueue();
--> statement-breakpoint
-- ── Valuation: an asset's rate in the reporting currency on a day (report_rates, migration 0019), so
-- an amount in TRY compares exactly as amount × rate(asset) ≥ threshold × rate(TRY), with no division.
-- TRY itself is worth the TRY rate; a P2P contract name such as USDT-TRC20 is valued as its asset
-- (USDT); no rate for the day → null, and a null never crosses a threshold. ──
CREATE FUNCTION bd_fraud_rate(p_asset text, p_at timestamptz) RETURNS numeric
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT r.rate FROM report_rates r
   WHERE r.asset = upper(split_part(p_asset, '-', 1)) AND r.valid_from <= (p_at AT TIME ZONE 'UTC')::date
   ORDER BY r.valid_from DESC LIMIT 1
$$;
--> statement-breakpoint
-- The value in TRY, for figures only (rounded to kuruş); comparisons use bd_fraud_rate as above.
CREATE FUNCTION bd_fraud_try_value(p_asset text, p_amount numeric, p_at timestamptz) RETURNS numeric
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT round(p_amount * bd_fraud_rate(p_asset, p_at) / bd_fraud_rate('TRY', p_at), 2)
$$;
--> statement-breakpoint
-- How the blocklist stores an address (fraud-blocklist normalises the same way): trimmed, EVM lower-cased.
CREATE FUNCTION bd_fraud_address(p text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN btrim(p) ~* '^0x[0-9a-f]{40}$' THEN lower(btrim(p)) ELSE btrim(p) END
$$;
--> statement-breakpoint
-- A withdrawal's earlier ones to the same address (new address); the rest read existing indexes.
CREATE INDEX "wallet_transactions_fraud_to_address_idx" ON "wallet_transactions" ("customer_id", "to_address", "created_at")
  WHERE "type" = 'withdrawal';
--> statement-breakpoint
CREATE INDEX "customer_login_events_fraud_failure_idx" ON "customer_login_events" ("customer_id", "at", "id")
  WHERE "outcome" = 'failure';
--> statement-breakpoint
CREATE INDEX "p2p_trades_created_idx" ON "p2p_trades" ("created_at", "id");
