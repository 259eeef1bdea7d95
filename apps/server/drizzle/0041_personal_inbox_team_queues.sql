-- The personal inbox and the team queues (docs/decisions/0013-inbox.md, "Personal inbox, team queues").
-- Team work (KYC waiting, fraud alerts, withdrawals under review, P2P disputes) no longer reaches every
-- member holding its roles: unassigned, it waits in its team queue (work_items, counted by kind); once
-- assigned it is in its assignee's inbox alone. Four-eyes requests still reach every member who may
-- decide them; follow-ups, mentions and notices still name their audience.
ALTER TABLE "inbox_kinds" ADD COLUMN "team_queue" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "inbox_kinds" SET "team_queue" = true
WHERE "kind" IN ('kyc_waiting', 'fraud_alert', 'withdrawal_review', 'p2p_dispute');
--> statement-breakpoint
-- How a team queue hands out its work: by hand ("assign to me", "next"), or pushed round robin to the
-- members who reach it, at most `cap_per_member` open items each, skipping who is away.
CREATE TABLE "team_queue_settings" (
  "kind" text PRIMARY KEY REFERENCES "inbox_kinds" ("kind"),
  "routing" text DEFAULT 'manual' NOT NULL CHECK ("routing" IN ('manual', 'round_robin')),
  "cap_per_member" integer CHECK ("cap_per_member" BETWEEN 1 AND 1000),
  -- The member the last pushed item went to: the next goes to the one after.
  "last_member_id" integer REFERENCES "staff_members" ("id") ON DELETE SET NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "team_queue_settings" ("kind")
SELECT "kind" FROM "inbox_kinds" WHERE "team_queue" ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A member out of office until a time: routing passes them by.
CREATE TABLE "staff_away" (
  "member_id" integer PRIMARY KEY REFERENCES "staff_members" ("id") ON DELETE CASCADE,
  "until" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A queue's page and counts, oldest first: the open, unassigned work of one kind.
CREATE INDEX "work_items_queue_idx" ON "work_items" ("kind", "opened_at", "id")
  WHERE "resolved_at" IS NULL AND "assignee_id" IS NULL;
--> statement-breakpoint
-- A member's open load per kind (the routing cap).
CREATE INDEX "work_items_assignee_open_idx" ON "work_items" ("assignee_id", "kind")
  WHERE "resolved_at" IS NULL AND "assignee_id" IS NOT NULL;
--> statement-breakpoint
-- Who holds a copy of an item: team work its assignee alone (when active), other work as before —
-- the kind's roles or the named audience, never the asker of a four-eyes request.
CREATE OR REPLACE FUNCTION bd_inbox_fan_out(p_work_id bigint) RETURNS integer[]
LANGUAGE plpgsql AS $$
DECLARE
  v_work work_items;
  v_kind inbox_kinds;
  v_members integer[];
BEGIN
  SELECT * INTO v_work FROM work_items WHERE id = p_work_id;
  IF v_work.id IS NULL OR v_work.resolved_at IS NOT NULL THEN RETURN '{}'; END IF;
  SELECT * INTO v_kind FROM inbox_kinds WHERE kind = v_work.kind;
  IF v_kind.team_queue AND v_work.assignee_id IS NULL THEN RETURN '{}'; END IF;
  WITH added AS (
    INSERT INTO inbox_items (member_id, work_item_id, kind, pref_key, opened_at, assignee_id)
    SELECT m.id, v_work.id, v_work.kind, v_work.kind || coalesce(':' || v_work.severity, ''),
           v_work.opened_at, v_work.assignee_id
    FROM staff_members m
    WHERE m.status = 'active'
      AND (CASE WHEN v_kind.team_queue THEN m.id = v_work.assignee_id
                WHEN v_work.audience IS NULL THEN m.roles && v_kind.roles
                ELSE m.id = ANY (v_work.audience) END)
      AND m.id IS DISTINCT FROM v_work.requested_by
    ON CONFLICT DO NOTHING
    RETURNING member_id
  )
  SELECT array_agg(member_id ORDER BY member_id) INTO v_members FROM added;
  RETURN coalesce(v_members, '{}');
END $$;
--> statement-breakpoint
-- An item changing hands, by any path (the inbox, the KYC queue, an alert's assignee, routing): team
-- work moves from the old assignee's inbox to the new one's; every copy learns the assignee.
CREATE FUNCTION bd_work_item_assignee() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_team boolean;
  v_added integer[];
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  SELECT team_queue INTO v_team FROM inbox_kinds WHERE kind = NEW.kind;
  IF v_team THEN
    DELETE FROM inbox_items WHERE work_item_id = NEW.id AND member_id IS DISTINCT FROM NEW.assignee_id;
    v_added := bd_inbox_fan_out(NEW.id);
    PERFORM bd_publish('inbox', ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[OLD.assignee_id, NEW.assignee_id]) x
                                      WHERE x IS NOT NULL ORDER BY x),
      jsonb_build_object('action', 'assigned', 'id', NEW.id));
    PERFORM bd_publish('queues', NULL, jsonb_build_object('kind', NEW.kind));
  END IF;
  UPDATE inbox_items SET assignee_id = NEW.assignee_id
  WHERE work_item_id = NEW.id AND assignee_id IS DISTINCT FROM NEW.assignee_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "work_items_assignee_update" AFTER UPDATE OF "assignee_id" ON "work_items"
  FOR EACH ROW WHEN (OLD.assignee_id IS DISTINCT FROM NEW.assignee_id)
  EXECUTE FUNCTION bd_work_item_assignee();
--> statement-breakpoint
-- Team work arriving in or leaving its queue refreshes the queues' counts (no personal data).
CREATE FUNCTION bd_work_item_queue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM inbox_kinds WHERE kind = NEW.kind AND team_queue) THEN
    PERFORM bd_publish('queues', NULL, jsonb_build_object('kind', NEW.kind));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "work_items_queue_insert" AFTER INSERT ON "work_items"
  FOR EACH ROW EXECUTE FUNCTION bd_work_item_queue();
--> statement-breakpoint
CREATE TRIGGER "work_items_queue_resolve" AFTER UPDATE OF "resolved_at" ON "work_items"
  FOR EACH ROW WHEN (OLD.resolved_at IS NULL AND NEW.resolved_at IS NOT NULL)
  EXECUTE FUNCTION bd_work_item_queue();
--> statement-breakpoint
-- A KYC case's holder (assigned_to, the KYC queue's "assign"/"next") is its item's assignee.
CREATE FUNCTION bd_kyc_case_assignee() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  UPDATE work_items SET assignee_id = NEW.assigned_to, version = version + 1
  WHERE kind = 'kyc_waiting' AND source_ref = 'kyc_case:' || NEW.customer_id AND resolved_at IS NULL
    AND assignee_id IS DISTINCT FROM NEW.assigned_to;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Named to fire after kyc_cases_inbox_insert (triggers run in name order), which opens the item.
CREATE TRIGGER "kyc_cases_inbox_insert_assignee" AFTER INSERT ON "kyc_cases"
  FOR EACH ROW WHEN (NEW.assigned_to IS NOT NULL) EXECUTE FUNCTION bd_kyc_case_assignee();
--> statement-breakpoint
CREATE TRIGGER "kyc_cases_inbox_update_assignee" AFTER UPDATE OF "assigned_to" ON "kyc_cases"
  FOR EACH ROW WHEN (OLD.assigned_to IS DISTINCT FROM NEW.assigned_to) EXECUTE FUNCTION bd_kyc_case_assignee();
--> statement-breakpoint
-- Locks the record holding a piece of work's assignee (a KYC case, an alert) before the item: the
-- order the KYC queue and the alert list lock in (their triggers update the item), so none deadlock.
CREATE FUNCTION bd_work_lock_source(p_work_id bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_work work_items;
  v_ref bigint;
BEGIN
  SELECT * INTO v_work FROM work_items WHERE id = p_work_id;
  IF v_work.id IS NULL THEN RETURN; END IF;
  v_ref := nullif(split_part(v_work.source_ref, ':', 2), '')::bigint;
  IF v_work.kind = 'kyc_waiting' THEN
    PERFORM 1 FROM kyc_cases WHERE customer_id = v_ref FOR UPDATE;
  ELSIF v_work.kind = 'fraud_alert' THEN
    PERFORM 1 FROM fraud_alerts WHERE id = v_ref FOR UPDATE;
  END IF;
END $$;
--> statement-breakpoint
-- Gives a piece of work to a member (or nobody) through the record that holds its assignee, so the
-- KYC queue and the alert list agree with the inbox; the triggers above move the copies. With
-- p_only_unassigned (taking from a queue) nothing changes unless nobody holds it; returns whether
-- the open item is now the member's.
CREATE FUNCTION bd_work_set_assignee(
  p_work_id bigint, p_member integer, p_at timestamptz, p_only_unassigned boolean DEFAULT false
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_work work_items;
  v_ref bigint;
BEGIN
  PERFORM bd_work_lock_source(p_work_id);
  SELECT * INTO v_work FROM work_items WHERE id = p_work_id FOR UPDATE;
  IF v_work.id IS NULL OR v_work.resolved_at IS NOT NULL THEN RETURN false; END IF;
  IF p_only_unassigned AND v_work.assignee_id IS NOT NULL THEN RETURN v_work.assignee_id = p_member; END IF;
  v_ref := nullif(split_part(v_work.source_ref, ':', 2), '')::bigint;
  IF v_work.kind = 'kyc_waiting' THEN
    UPDATE kyc_cases SET assigned_to = p_member, assigned_at = CASE WHEN p_member IS NULL THEN NULL ELSE p_at END
    WHERE customer_id = v_ref AND assigned_to IS DISTINCT FROM p_member
      AND (NOT p_only_unassigned OR assigned_to IS NULL);
  ELSIF v_work.kind = 'fraud_alert' THEN
    UPDATE fraud_alerts SET assignee_id = p_member, version = version + 1, updated_at = p_at
    WHERE id = v_ref AND assignee_id IS DISTINCT FROM p_member AND (NOT p_only_unassigned OR assignee_id IS NULL);
  END IF;
  -- A source that holds no assignee (a withdrawal, a dispute), or one whose trigger is paused.
  UPDATE work_items SET assignee_id = p_member, version = version + 1
  WHERE id = p_work_id AND assignee_id IS DISTINCT FROM p_member;
  RETURN true;
END $$;
--> statement-breakpoint
-- Team work stays out of the members' role changes: it is in no one's inbox by role.
CREATE OR REPLACE FUNCTION bd_inbox_member() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  DELETE FROM inbox_items i USING work_items w, inbox_kinds k
  WHERE i.member_id = NEW.id AND i.open AND w.id = i.work_item_id AND k.kind = w.kind AND NOT k.team_queue
    AND w.audience IS NULL AND (NEW.status <> 'active' OR NOT (NEW.roles && k.roles));
  INSERT INTO inbox_items (member_id, work_item_id, kind, pref_key, opened_at, assignee_id)
  SELECT NEW.id, w.id, w.kind, w.kind || coalesce(':' || w.severity, ''), w.opened_at, w.assignee_id
  FROM work_items w JOIN inbox_kinds k ON k.kind = w.kind
  WHERE NEW.status = 'active' AND w.resolved_at IS NULL AND w.audience IS NULL AND NOT k.team_queue
    AND NEW.roles && k.roles AND w.requested_by IS DISTINCT FROM NEW.id
  ON CONFLICT DO NOTHING;
  PERFORM bd_publish('inbox', ARRAY[NEW.id], jsonb_build_object('action', 'refreshed'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rebuild (0018, 0025) learns the personal inbox: KYC holders become their items' assignees, and
-- each piece of team work is in its assignee's inbox alone (their read marks kept).
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
  UPDATE work_items w SET assignee_id = f.assignee_id
  FROM fraud_alerts f
  WHERE w.kind = 'fraud_alert' AND w.source_ref = 'fraud_alert:' || f.id AND w.resolved_at IS NULL
    AND w.assignee_id IS DISTINCT FROM f.assignee_id;
  UPDATE work_items w SET assignee_id = k.assigned_to
  FROM kyc_cases k
  WHERE w.kind = 'kyc_waiting' AND w.source_ref = 'kyc_case:' || k.customer_id AND w.resolved_at IS NULL
    AND w.assignee_id IS DISTINCT FROM k.assigned_to;
  DELETE FROM inbox_items i USING work_items w, inbox_kinds k
  WHERE i.work_item_id = w.id AND k.kind = w.kind AND k.team_queue AND i.member_id IS DISTINCT FROM w.assignee_id;
  INSERT INTO inbox_items (member_id, work_item_id, kind, pref_key, opened_at, assignee_id)
  SELECT w.assignee_id, w.id, w.kind, w.kind || coalesce(':' || w.severity, ''), w.opened_at, w.assignee_id
  FROM work_items w
  JOIN inbox_kinds k ON k.kind = w.kind AND k.team_queue
  JOIN staff_members m ON m.id = w.assignee_id AND m.status = 'active'
  WHERE w.resolved_at IS NULL
  ON CONFLICT DO NOTHING;
  UPDATE inbox_items i SET assignee_id = w.assignee_id FROM work_items w
  WHERE i.work_item_id = w.id AND i.open AND i.assignee_id IS DISTINCT FROM w.assignee_id;
END $$;
--> statement-breakpoint
-- The existing queues, moved: everyone's copies of team work go, its assignee keeps theirs.
SELECT set_config('backdesk.inbox', 'off', true);
--> statement-breakpoint
SELECT bd_inbox_rebuild();
--> statement-breakpoint
SELECT set_config('backdesk.inbox', 'on', true);
--> statement-breakpoint
-- Comments on a case reach, as a notice, its owner and every member the comment mentions
-- (@user_name), never its author: "follow-ups and mentions on my cases" in the personal inbox.
CREATE FUNCTION bd_fraud_case_comment_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_case fraud_cases;
  v_audience integer[];
BEGIN
  IF NOT bd_inbox_on() THEN RETURN NULL; END IF;
  SELECT * INTO v_case FROM fraud_cases WHERE id = NEW.case_id;
  SELECT array_agg(DISTINCT m.id ORDER BY m.id) INTO v_audience
  FROM staff_members m
  WHERE m.status = 'active' AND m.id <> NEW.author_id
    AND (m.id = v_case.owner_id
         OR lower(m.user_name) IN (SELECT lower(x[1]) FROM regexp_matches(NEW.body, '@([A-Za-z0-9._-]+)', 'g') x));
  IF cardinality(v_audience) > 0 THEN
    PERFORM bd_inbox_open('system_notice', 'fraud_case:' || NEW.case_id || ':comment:' || NEW.id, NEW.created_at,
      NULL, v_case.customer_id, NULL, NULL, NULL, NULL, p_audience => v_audience, p_notice => 'case_comment',
      p_params => jsonb_build_object('case', NEW.case_id,
        'by', (SELECT display_name FROM staff_members WHERE id = NEW.author_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fraud_case_comments_notice" AFTER INSERT ON "fraud_case_comments"
  FOR EACH ROW EXECUTE FUNCTION bd_fraud_case_comment_notice();
