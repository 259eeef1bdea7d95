-- The inbox as one live work queue (docs/decisions/0013-inbox.md).
-- Live events: one row per event, increasing ids, so a reconnecting client resumes by Last-Event-ID.
-- NOTIFY is sent by the writing transaction and delivered on commit only.
CREATE TABLE "live_events" (
  "id" bigserial PRIMARY KEY,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "topic" text NOT NULL,
  -- The members it is for; NULL: every signed-in member (a list to refresh, no personal data).
  "audience" integer[],
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_at_idx" ON "live_events" ("at");
--> statement-breakpoint
-- Who each kind of work reaches: roles copied from the contract's capabilities (access.ts) at every
-- start (modules/inbox), so the triggers below need not know the role matrix.
CREATE TABLE "inbox_kinds" (
  "kind" text PRIMARY KEY,
  "roles" text[] NOT NULL,
  -- How long the work may wait before it is overdue; NULL: no SLA (a notice).
  "sla_minutes" integer
);
--> statement-breakpoint
INSERT INTO "inbox_kinds" ("kind", "roles", "sla_minutes") VALUES
  ('withdrawal_review', '{admin,super}', 240),
  ('p2p_dispute', '{admin,super}', 1440),
  ('four_eyes_request', '{admin,super}', NULL),
  ('kyc_waiting', '{super,admin,manager}', 1440),
  ('fraud_alert', '{super,admin,manager}', 60),
  ('system_notice', '{}', NULL);
--> statement-breakpoint
-- One row per piece of work, shared by everyone it reaches: what it is about, its SLA, its assignee.
CREATE TABLE "work_items" (
  "id" bigserial PRIMARY KEY,
  "kind" text NOT NULL REFERENCES "inbox_kinds" ("kind"),
  -- The thing it is about ('wallet_transaction:17'); one open item per kind and thing.
  "source_ref" text NOT NULL,
  "severity" text,
  "customer_id" bigint,
  -- Who or what it is about when not a customer (a P2P buyer, a staff member).
  "subject" text,
  "amount" numeric(36, 18),
  "asset" text,
  -- Never shown to this member (the asker of a four-eyes request).
  "requested_by" integer,
  -- The members it reaches when not everyone holding the kind's roles (a system notice).
  "audience" integer[],
  -- What a notice says: a code the web app words, and its parameters.
  "notice" text,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "opened_at" timestamp with time zone NOT NULL,
  "due_at" timestamp with time zone,
  "resolved_at" timestamp with time zone,
  "assignee_id" integer REFERENCES "staff_members" ("id"),
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "work_items_open_key" ON "work_items" ("kind", "source_ref") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "work_items_resolved_idx" ON "work_items" ("resolved_at") WHERE "resolved_at" IS NOT NULL;
--> statement-breakpoint
-- Each member's queue, materialised: one row per member and item, kept in step by the functions below
-- in the transaction that changes the work, so a page is one index range (decision 0013).
CREATE TABLE "inbox_items" (
  "member_id" integer NOT NULL REFERENCES "staff_members" ("id") ON DELETE CASCADE,
  "work_item_id" bigint NOT NULL REFERENCES "work_items" ("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  -- The notification choice it falls under ('fraud_alert:high', else the kind).
  "pref_key" text NOT NULL,
  "opened_at" timestamp with time zone NOT NULL,
  "open" boolean DEFAULT true NOT NULL,
  "read_at" timestamp with time zone,
  -- The work item's assignee, copied so "assigned to me" is an index range too.
  "assignee_id" integer,
  PRIMARY KEY ("member_id", "work_item_id")
);
--> statement-breakpoint
CREATE INDEX "inbox_items_page_idx" ON "inbox_items" ("member_id", "open", "opened_at" DESC, "work_item_id" DESC)
  INCLUDE ("pref_key", "read_at", "assignee_id");
--> statement-breakpoint
CREATE INDEX "inbox_items_kind_idx" ON "inbox_items" ("member_id", "kind", "open", "opened_at" DESC, "work_item_id" DESC)
  INCLUDE ("pref_key", "read_at", "assignee_id");
--> statement-breakpoint
CREATE INDEX "inbox_items_unread_idx" ON "inbox_items" ("member_id", "pref_key") WHERE "open" AND "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "inbox_items_work_idx" ON "inbox_items" ("work_item_id");
--> statement-breakpoint
-- Raises a live event: a row to resume from, and a NOTIFY that leaves with the commit. A payload too
-- large for NOTIFY carries only the id; the listener reads the row.
CREATE FUNCTION bd_publish(p_topic text, p_audience integer[], p_data jsonb) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_payload text;
BEGIN
  INSERT INTO live_events (topic, audience, data) VALUES (p_topic, p_audience, p_data) RETURNING id INTO v_id;
  v_payload := json_build_object('id', v_id, 'topic', p_topic, 'audience', p_audience, 'data', p_data)::text;
  IF octet_length(v_payload) > 7000 THEN
    v_payload := json_build_object('id', v_id)::text;
  END IF;
  PERFORM pg_notify('backdesk_events', v_payload);
  RETURN v_id;
END $$;
--> statement-breakpoint
-- Whether the inbox triggers run: a bulk load turns them off for its transaction and rebuilds after.
CREATE FUNCTION bd_inbox_on() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('backdesk.inbox', true), '') <> 'off'
$$;
--> statement-breakpoint
-- Puts one open item in the queue of every active member it reaches.
CREATE FUNCTION bd_inbox_fan_out(p_work_id bigint) RETURNS integer[]
LANGUAGE plpgsql AS $$
DECLARE
  v_members integer[];
BEGIN
  WITH added AS (
    INSERT INTO inbox_items (member_id, work_item_id, kind, pref_key, opened_at, assignee_id)
    SELECT m.id, w.id, w.kind, w.kind || coalesce(':' || w.severity, ''), w.opened_at, w.assignee_id
    FROM work_items w
    JOIN inbox_kinds k ON k.kind = w.kind
    JOIN staff_members m ON m.status = 'active'
      AND (CASE WHEN w.audience IS NULL THEN m.roles && k.roles ELSE m.id = ANY (w.audience) END)
      AND m.id IS DISTINCT FROM w.requested_by
    WHERE w.id = p_work_id AND w.resolved_at IS NULL
    ON CONFLICT DO NOTHING
    RETURNING member_id
  )
  SELECT array_agg(member_id ORDER BY member_id) INTO v_members FROM added;
  RETURN coalesce(v_members, '{}');
END $$;
--> statement-breakpoint
-- Opens a piece of work (nothing when it is already open) and tells the members it reached.
CREATE FUNCTION bd_inbox_open(
  p_kind text, p_source_ref text, p_opened_at timestamptz, p_due_at timestamptz,
  p_customer_id bigint, p_subject text, p_amount numeric, p_asset text,
  p_requested_by integer, p_severity text DEFAULT NULL, p_audience integer[] DEFAULT NULL,
  p_notice text DEFAULT NULL, p_params jsonb DEFAULT '{}'::jsonb
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_members integer[];
BEGIN
  INSERT INTO work_items (kind, source_ref, opened_at, due_at, customer_id, subject, amount, asset,
                          requested_by, severity, audience, notice, params)
  VALUES (p_kind, p_source_ref, p_opened_at,
          coalesce(p_due_at, p_opened_at + (SELECT sla_minutes FROM inbox_kinds WHERE kind = p_kind) * interval '1 minute'),
          p_customer_id, p_subject, p_amount, p_asset, p_requested_by, p_severity, p_audience, p_notice,
          coalesce(p_params, '{}'::jsonb))
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN NULL; END IF;
  v_members := bd_inbox_fan_out(v_id);
  IF cardinality(v_members) > 0 THEN
    PERFORM bd_publish('inbox', v_members,
      jsonb_build_object('action', 'opened', 'id', v_id, 'kind', p_kind, 'severity', p_severity));
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint
-- Resolves the open item about a thing, in every queue at once.
CREATE FUNCTION bd_inbox_resolve(p_kind text, p_source_ref text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_members integer[];
BEGIN
  UPDATE work_items SET resolved_at = p_at, version = version + 1
  WHERE kind = p_kind AND source_ref = p_source_ref AND resolved_at IS NULL
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN; END IF;
  WITH closed AS (
    UPDATE inbox_items SET open = false WHERE work_item_id = v_id AND open RETURNING member_id
  )
  SELECT array_agg(member_id ORDER BY member_id) INTO v_members FROM closed;
  IF cardinality(v_members) > 0 THEN
    PERFORM bd_publish('inbox', v_members, jsonb_build_object('action', 'resolved', 'id', v_id, 'kind', p_kind));
  END IF;
END $$;
--> statement-breakpoint
-- How each source's record opens its item: one place, for the triggers and the rebuild.
CREATE FUNCTION bd_inbox_open_withdrawal(t wallet_transactions) RETURNS bigint
LANGUAGE sql AS $$
  SELECT bd_inbox_open('withdrawal_review', 'wallet_transaction:' || t.id, t.updated_at, NULL,
    t.customer_id, NULL, t.amount, t.asset, NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION bd_inbox_open_dispute(p p2p_trades) RETURNS bigint
LANGUAGE sql AS $$
  SELECT bd_inbox_open('p2p_dispute', 'p2p_trade:' || p.id, p.created_at, NULL,
    NULL, p.buyer_user_name, p.trade_amount, NULL, NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION bd_inbox_open_approval(a approval_requests) RETURNS bigint
LANGUAGE sql AS $$
  SELECT bd_inbox_open('four_eyes_request', 'approval_request:' || a.id, a.requested_at, a.expires_at,
    CASE WHEN jsonb_typeof(a.payload -> 'customer_id') = 'number' THEN (a.payload ->> 'customer_id')::bigint END,
    a.kind, CASE WHEN a.payload ->> 'amount' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (a.payload ->> 'amount')::numeric END,
    a.payload ->> 'asset', a.requested_by,
    p_params => jsonb_build_object('approval_kind', a.kind, 'entity_id', a.entity_id))
$$;
--> statement-breakpoint
CREATE FUNCTION bd_inbox_open_kyc(k kyc_cases) RETURNS bigint
LANGUAGE sql AS $$
  SELECT bd_inbox_open('kyc_waiting', 'kyc_case:' || k.customer_id, k.waiting_since, NULL,
    k.customer_id, NULL, NULL, NULL, NULL)
$$;
--> statement-breakpoint
-- A record of a source table in its open state (TG_ARGV[1]) has an item of kind TG_ARGV[0]; leaving
-- that state by any path resolves it. TG_ARGV[2] is the list topic its change refreshes. Withdrawals
-- under review, P2P disputes, pending four-eyes requests (never shown to their asker).
CREATE FUNCTION bd_inbox_source() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_ref text := CASE TG_TABLE_NAME WHEN 'wallet_transactions' THEN 'wallet_transaction:'
                  WHEN 'p2p_trades' THEN 'p2p_trade:' ELSE 'approval_request:' END || NEW.id;
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  IF NEW.status = TG_ARGV[1] THEN
    -- plpgsql compiles the function once per table, so NEW has that table's row type here.
    CASE TG_TABLE_NAME
      WHEN 'wallet_transactions' THEN PERFORM bd_inbox_open_withdrawal(NEW);
      WHEN 'p2p_trades' THEN PERFORM bd_inbox_open_dispute(NEW);
      ELSE PERFORM bd_inbox_open_approval(NEW);
    END CASE;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = TG_ARGV[1] THEN
    PERFORM bd_inbox_resolve(TG_ARGV[0], v_ref, now());
  END IF;
  PERFORM bd_publish(TG_ARGV[2], NULL, jsonb_build_object('id', NEW.id, 'status', NEW.status));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_inbox_insert" AFTER INSERT ON "wallet_transactions"
  FOR EACH ROW WHEN (NEW.type = 'withdrawal' AND NEW.status = 'under_review')
  EXECUTE FUNCTION bd_inbox_source('withdrawal_review', 'under_review', 'withdrawals');
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_inbox_update" AFTER UPDATE OF "status" ON "wallet_transactions"
  FOR EACH ROW WHEN (NEW.type = 'withdrawal' AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION bd_inbox_source('withdrawal_review', 'under_review', 'withdrawals');
--> statement-breakpoint
CREATE TRIGGER "p2p_trades_inbox_insert" AFTER INSERT ON "p2p_trades"
  FOR EACH ROW WHEN (NEW.status = 'disputed') EXECUTE FUNCTION bd_inbox_source('p2p_dispute', 'disputed', 'p2p');
--> statement-breakpoint
CREATE TRIGGER "p2p_trades_inbox_update" AFTER UPDATE OF "status" ON "p2p_trades"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION bd_inbox_source('p2p_dispute', 'disputed', 'p2p');
--> statement-breakpoint
CREATE TRIGGER "approval_requests_inbox_insert" AFTER INSERT ON "approval_requests"
  FOR EACH ROW WHEN (NEW.status = 'pending')
  EXECUTE FUNCTION bd_inbox_source('four_eyes_request', 'pending', 'approvals');
--> statement-breakpoint
CREATE TRIGGER "approval_requests_inbox_update" AFTER UPDATE OF "status" ON "approval_requests"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION bd_inbox_source('four_eyes_request', 'pending', 'approvals');
--> statement-breakpoint
-- KYC cases (migration 0016): a customer waiting for a decision, open while the case row exists.
CREATE FUNCTION bd_inbox_kyc() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM bd_inbox_open_kyc(NEW);
  ELSE
    PERFORM bd_inbox_resolve('kyc_waiting', 'kyc_case:' || OLD.customer_id, now());
  END IF;
  PERFORM bd_publish('kyc', NULL, jsonb_build_object('customer_id', coalesce(NEW.customer_id, OLD.customer_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "kyc_cases_inbox_insert" AFTER INSERT ON "kyc_cases"
  FOR EACH ROW EXECUTE FUNCTION bd_inbox_kyc();
--> statement-breakpoint
CREATE TRIGGER "kyc_cases_inbox_delete" AFTER DELETE ON "kyc_cases"
  FOR EACH ROW EXECUTE FUNCTION bd_inbox_kyc();
--> statement-breakpoint
-- A member whose roles or status change gets the open work they now reach, and loses what they do not.
CREATE FUNCTION bd_inbox_member() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  DELETE FROM inbox_items i USING work_items w, inbox_kinds k
  WHERE i.member_id = NEW.id AND i.open AND w.id = i.work_item_id AND k.kind = w.kind
    AND w.audience IS NULL AND (NEW.status <> 'active' OR NOT (NEW.roles && k.roles));
  INSERT INTO inbox_items (member_id, work_item_id, kind, pref_key, opened_at, assignee_id)
  SELECT NEW.id, w.id, w.kind, w.kind || coalesce(':' || w.severity, ''), w.opened_at, w.assignee_id
  FROM work_items w JOIN inbox_kinds k ON k.kind = w.kind
  WHERE NEW.status = 'active' AND w.resolved_at IS NULL AND w.audience IS NULL
    AND NEW.roles && k.roles AND w.requested_by IS DISTINCT FROM NEW.id
  ON CONFLICT DO NOTHING;
  PERFORM bd_publish('inbox', ARRAY[NEW.id], jsonb_build_object('action', 'refreshed'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "staff_members_inbox_insert" AFTER INSERT ON "staff_members"
  FOR EACH ROW EXECUTE FUNCTION bd_inbox_member();
--> statement-breakpoint
CREATE TRIGGER "staff_members_inbox_update" AFTER UPDATE OF "roles", "status" ON "staff_members"
  FOR EACH ROW WHEN (OLD.roles IS DISTINCT FROM NEW.roles OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION bd_inbox_member();
--> statement-breakpoint
-- Rebuilds the items of the work the sources hold open (after a bulk load that paused the triggers):
-- what is no longer open resolves, what is open and missing opens.
CREATE FUNCTION bd_inbox_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_items w SET resolved_at = now(), version = version + 1
  WHERE w.resolved_at IS NULL AND w.kind IN ('withdrawal_review', 'p2p_dispute', 'four_eyes_request', 'kyc_waiting')
    AND NOT EXISTS (
      SELECT 1 FROM wallet_transactions t
      WHERE w.source_ref = 'wallet_transaction:' || t.id AND t.status = 'under_review' AND t.type = 'withdrawal'
      UNION ALL SELECT 1 FROM p2p_trades p WHERE w.source_ref = 'p2p_trade:' || p.id AND p.status = 'disputed'
      UNION ALL SELECT 1 FROM approval_requests a WHERE w.source_ref = 'approval_request:' || a.id AND a.status = 'pending'
      UNION ALL SELECT 1 FROM kyc_cases k WHERE w.source_ref = 'kyc_case:' || k.customer_id);
  UPDATE inbox_items i SET open = false FROM work_items w
  WHERE i.work_item_id = w.id AND i.open AND w.resolved_at IS NOT NULL;
  PERFORM bd_inbox_open_withdrawal(t) FROM wallet_transactions t WHERE t.status = 'under_review' AND t.type = 'withdrawal';
  PERFORM bd_inbox_open_dispute(p) FROM p2p_trades p WHERE p.status = 'disputed';
  PERFORM bd_inbox_open_approval(a) FROM approval_requests a WHERE a.status = 'pending';
  PERFORM bd_inbox_open_kyc(k) FROM kyc_cases k;
END $$;
--> statement-breakpoint
SELECT bd_inbox_rebuild();
