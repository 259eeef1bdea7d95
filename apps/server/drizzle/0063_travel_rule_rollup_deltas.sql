-- As 0062 for the travel-rule report's rollup (0058): the record a withdrawal check's hold opens
-- (checks.service, a review for the travel rule) must not wait on the hour's key an ingestion batch
-- of transfers with travel-rule data holds until it commits. In a transaction that sets
-- bd.rollup_deltas the trigger appends to a keyless table; reports.fold-rollups folds it in, and the
-- report reads the *_all view, folded + unfolded.
CREATE TABLE "rpt_travel_rule_hourly_delta" (LIKE "rpt_travel_rule_hourly");--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_travel_rule_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'created_at, direction, state, jurisdiction, currency, counterparty_vasp_id, wallet_kind, deadline_raised, amount_in_currency';
  src text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM rpt_new', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM rpt_old', cols)
    ELSE format('SELECT %1$s, 1 AS s FROM rpt_new UNION ALL SELECT %1$s, -1 AS s FROM rpt_old', cols) END;
  deltas boolean := bd_rpt_deltas_on();
BEGIN
  EXECUTE format($q$
    INSERT INTO %I AS r
      (hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue, n, amount)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), direction, state, jurisdiction,
           currency, coalesce(counterparty_vasp_id, 0), wallet_kind, deadline_raised IS NOT NULL,
           sum(s), coalesce(sum(s * amount_in_currency), 0)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(s) <> 0 OR coalesce(sum(s * amount_in_currency), 0) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    %s
  $q$, CASE WHEN deltas THEN 'rpt_travel_rule_hourly_delta' ELSE 'rpt_travel_rule_hourly' END, src,
    CASE WHEN deltas THEN '' ELSE
      'ON CONFLICT (hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue)
         DO UPDATE SET n = r.n + excluded.n, amount = r.amount + excluded.amount' END);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER rpt_travel_rule_delta_truncate AFTER TRUNCATE ON travel_rule_records
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_travel_rule_hourly_delta');--> statement-breakpoint

CREATE VIEW "rpt_travel_rule_hourly_all" AS
  SELECT * FROM rpt_travel_rule_hourly UNION ALL SELECT * FROM rpt_travel_rule_hourly_delta;--> statement-breakpoint

-- 0062's fold with the travel-rule rollup last: the hold writes its record after its withdrawal.
CREATE OR REPLACE FUNCTION public.bd_rpt_fold_deltas() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v_n bigint; v_total bigint := 0;
BEGIN
  WITH d AS (DELETE FROM rpt_customer_last_activity_delta RETURNING *)
  INSERT INTO rpt_customer_last_activity AS r (customer_id, last_at)
  SELECT customer_id, max(last_at) FROM d GROUP BY customer_id ORDER BY customer_id
  ON CONFLICT (customer_id) DO UPDATE SET last_at = excluded.last_at WHERE r.last_at < excluded.last_at;
  GET DIAGNOSTICS v_n = ROW_COUNT; v_total := v_total + v_n;
  WITH d AS (DELETE FROM rpt_wallet_hourly_delta RETURNING *)
  INSERT INTO rpt_wallet_hourly AS r (hour, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
  SELECT hour, type, status, asset, network, channel, source_check, hold_state, sum(n), sum(amount), sum(fee)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (hour, type, status, asset, network, channel, source_check, hold_state) DO UPDATE
    SET n = r.n + excluded.n, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee;
  GET DIAGNOSTICS v_n = ROW_COUNT; v_total := v_total + v_n;
  WITH d AS (DELETE FROM rpt_wallet_daily_delta RETURNING *)
  INSERT INTO rpt_wallet_daily AS r (zone, day, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
  SELECT zone, day, type, status, asset, network, channel, source_check, hold_state, sum(n), sum(amount), sum(fee)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT (zone, day, type, status, asset, network, channel, source_check, hold_state) DO UPDATE
    SET n = r.n + excluded.n, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee;
  GET DIAGNOSTICS v_n = ROW_COUNT; v_total := v_total + v_n;
  WITH d AS (DELETE FROM rpt_travel_rule_hourly_delta RETURNING *)
  INSERT INTO rpt_travel_rule_hourly AS r (hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue, n, amount)
  SELECT hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue, sum(n), sum(amount)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue) DO UPDATE
    SET n = r.n + excluded.n, amount = r.amount + excluded.amount;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  RETURN v_total + v_n;
END $$;
