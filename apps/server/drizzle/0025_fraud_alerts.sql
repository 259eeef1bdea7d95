-- Fraud check, alerts (issue 13): members' comments on an alert, the alert's place in the inbox, and
-- the live event that refreshes open alert lists. An alert's history is its audit trail.

-- Internal comments on an alert: added, never edited.
CREATE TABLE "fraud_alert_comments" (
  "id" bigserial PRIMARY KEY,
  "alert_id" bigint NOT NULL REFERENCES "fraud_alerts" ("id"),
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id"),
  "body" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "fraud_alert_comments_alert_idx" ON "fraud_alert_comments" ("alert_id", "created_at", "id");
--> statement-breakpoint
-- The customer's alerts, newest first (the customer page's tab, linked entities, bulk filters).
CREATE INDEX "fraud_alerts_customer_raised_idx" ON "fraud_alerts" ("customer_id", "raised_at", "id");
--> statement-breakpoint
-- Opens the inbox item of an alert not yet closed (the trigger below and the rebuild use it).
CREATE FUNCTION bd_inbox_open_fraud_alert(a fraud_alerts) RETURNS bigint
LANGUAGE sql AS $$
  SELECT bd_inbox_open('fraud_alert', 'fraud_alert:' || a.id, a.raised_at, NULL, a.customer_id, a.rule_code,
    NULL, NULL, NULL, a.severity)
$$;
--> statement-breakpoint
-- An alert not yet closed is work: one `fraud_alert` item per alert, its severity picking the members'
-- notification choice (pref_key 'fraud_alert:<severity>'); closing resolves it, an assignee is copied.
CREATE FUNCTION bd_fraud_alert_inbox() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_ref text := 'fraud_alert:' || NEW.id;
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'closed' THEN PERFORM bd_inbox_open_fraud_alert(NEW); END IF;
    RETURN NULL;
  END IF;
  IF NEW.status = 'closed' AND OLD.status <> 'closed' THEN
    PERFORM bd_inbox_resolve('fraud_alert', v_ref, now());
  ELSIF NEW.assignee_id IS DISTINCT FROM OLD.assignee_id THEN
    WITH w AS (
      UPDATE work_items SET assignee_id = NEW.assignee_id, version = version + 1
      WHERE kind = 'fraud_alert' AND source_ref = v_ref AND resolved_at IS NULL
      RETURNING id
    )
    UPDATE inbox_items i SET assignee_id = NEW.assignee_id FROM w WHERE i.work_item_id = w.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fraud_alerts_inbox_insert" AFTER INSERT ON "fraud_alerts"
  FOR EACH ROW EXECUTE FUNCTION bd_fraud_alert_inbox();
--> statement-breakpoint
CREATE TRIGGER "fraud_alerts_inbox_update" AFTER UPDATE OF "status", "assignee_id" ON "fraud_alerts"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.assignee_id IS DISTINCT FROM NEW.assignee_id)
  EXECUTE FUNCTION bd_fraud_alert_inbox();
--> statement-breakpoint
-- One live event per statement, not per row: a batch of raised alerts or a bulk close refreshes the
-- open lists once (topic `fraud`, no personal data); a statement that changed no row (an evaluation
-- whose alerts all existed already) publishes nothing.
CREATE FUNCTION bd_fraud_alert_publish() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM bd_publish('fraud', NULL, jsonb_build_object('entity', 'alert', 'op', lower(TG_OP)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fraud_alerts_publish_insert" AFTER INSERT ON "fraud_alerts"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_alert_publish();
--> statement-breakpoint
CREATE TRIGGER "fraud_alerts_publish_update" AFTER UPDATE ON "fraud_alerts"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bd_fraud_alert_publish();
--> statement-breakpoint
-- The rebuild after a bulk load (0018) learns fraud alerts: an alert closed meanwhile resolves its item,
-- an open one without an item gets one.
CREATE OR REPLACE FUNCTION bd_inbox_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_items w SET resolved_at = now(), version = version + 1
  WHERE w.resolved_at IS NULL
    AND w.kind IN ('withdrawal_review', 'p2p_dispute', 'four_eyes_request', 'kyc_waiting', 'fraud_alert')
    AND NOT EXISTS (
      SELECT 1 FROM wallet_transactions t
      WHERE w.source_ref = 'wallet_transaction:' || t.id AND t.status = 'under_review' AND t.type = 'withdrawal'
      UNION ALL SELECT 1 FROM p2p_trades p WHERE w.source_ref = 'p2p_trade:' || p.id AND p.status = 'disputed'
      UNION ALL SELECT 1 FROM approval_requests a WHERE w.source_ref = 'approval_request:' || a.id AND a.status = 'pending'
      UNION ALL SELECT 1 FROM kyc_cases k WHERE w.source_ref = 'kyc_case:' || k.customer_id
      UNION ALL SELECT 1 FROM fraud_alerts f WHERE w.source_ref = 'fraud_alert:' || f.id AND f.status <> 'closed');
  UPDATE inbox_items i SET open = false FROM work_items w
  WHERE i.work_item_id = w.id AND i.open AND w.resolved_at IS NOT NULL;
  PERFORM bd_inbox_open_withdrawal(t) FROM wallet_transactions t WHERE t.status = 'under_review' AND t.type = 'withdrawal';
  PERFORM bd_inbox_open_dispute(p) FROM p2p_trades p WHERE p.status = 'disputed';
  PERFORM bd_inbox_open_approval(a) FROM approval_requests a WHERE a.status = 'pending';
  PERFORM bd_inbox_open_kyc(k) FROM kyc_cases k;
  PERFORM bd_inbox_open_fraud_alert(f) FROM fraud_alerts f WHERE f.status <> 'closed';
  -- An alert's assignee is its item's (the trigger copies later changes).
  UPDATE work_items w SET assignee_id = f.assignee_id
  FROM fraud_alerts f
  WHERE w.kind = 'fraud_alert' AND w.source_ref = 'fraud_alert:' || f.id AND w.resolved_at IS NULL
    AND w.assignee_id IS DISTINCT FROM f.assignee_id;
  UPDATE inbox_items i SET assignee_id = w.assignee_id FROM work_items w
  WHERE i.work_item_id = w.id AND w.kind = 'fraud_alert' AND i.open AND i.assignee_id IS DISTINCT FROM w.assignee_id;
END $$;
