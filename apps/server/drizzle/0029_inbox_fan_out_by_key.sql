-- Fanning an item out read it through a join the planner ordered itself. Planned on the empty tables of
-- a bulk load's rebuild, it walked every open item of the kind for each new one: the rebuild grew with the
-- square of the items (a million-customer seed had not finished it after 16 minutes). The item is now
-- read first, by its primary key, and joined to nothing.
CREATE OR REPLACE FUNCTION bd_inbox_fan_out(p_work_id bigint) RETURNS integer[]
LANGUAGE plpgsql AS $$
DECLARE
  v_work work_items;
  v_members integer[];
BEGIN
  SELECT * INTO v_work FROM work_items WHERE id = p_work_id;
  IF v_work.id IS NULL OR v_work.resolved_at IS NOT NULL THEN RETURN '{}'; END IF;
  WITH added AS (
    INSERT INTO inbox_items (member_id, work_item_id, kind, pref_key, opened_at, assignee_id)
    SELECT m.id, v_work.id, v_work.kind, v_work.kind || coalesce(':' || v_work.severity, ''),
           v_work.opened_at, v_work.assignee_id
    FROM inbox_kinds k
    JOIN staff_members m ON m.status = 'active'
      AND (CASE WHEN v_work.audience IS NULL THEN m.roles && k.roles ELSE m.id = ANY (v_work.audience) END)
      AND m.id IS DISTINCT FROM v_work.requested_by
    WHERE k.kind = v_work.kind
    ON CONFLICT DO NOTHING
    RETURNING member_id
  )
  SELECT array_agg(member_id ORDER BY member_id) INTO v_members FROM added;
  RETURN coalesce(v_members, '{}');
END $$;
