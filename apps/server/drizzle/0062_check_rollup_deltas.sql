-- A withdrawal check's held withdrawal must never wait on an ingestion batch's rollup rows (issue 36,
-- decision 0025): in a transaction that sets bd.rollup_deltas, the rollup triggers append their
-- deltas to these keyless tables (an insert without a key waits on nobody) instead of upserting the
-- hot keys. The scheduled reports.fold-rollups job folds them in; readers read the *_all views,
-- folded + unfolded, so the figures stay exact whether or not the fold has run.
CREATE TABLE "rpt_wallet_hourly_delta" (LIKE "rpt_wallet_hourly");--> statement-breakpoint
CREATE TABLE "rpt_wallet_daily_delta" (LIKE "rpt_wallet_daily");--> statement-breakpoint
CREATE TABLE "rpt_customer_last_activity_delta" (LIKE "rpt_customer_last_activity");--> statement-breakpoint
CREATE INDEX "rpt_customer_last_activity_delta_customer_idx" ON "rpt_customer_last_activity_delta" ("customer_id");--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_deltas_on() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('bd.rollup_deltas', true), '') = 'on'
$$;--> statement-breakpoint

-- As 0019's, with the target and the upsert chosen by bd_rpt_deltas_on().
CREATE OR REPLACE FUNCTION public.bd_rpt_wallet_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS s FROM rpt_new'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS s FROM rpt_old'
    ELSE 'SELECT *, 1 AS s FROM rpt_new UNION ALL SELECT *, -1 AS s FROM rpt_old' END;
  deltas boolean := bd_rpt_deltas_on();
  suffix text := CASE WHEN deltas THEN '_delta' ELSE '' END;
  upsert text := 'ON CONFLICT (%s) DO UPDATE SET n = r.n + excluded.n, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee';
BEGIN
  EXECUTE format($q$
    INSERT INTO %I AS r
      (hour, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), type, status, asset, network,
           coalesce(channel, ''), coalesce(source_check, ''), coalesce(hold_state, ''),
           sum(s), sum(s * amount), sum(s * fee)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(s) <> 0 OR sum(s * amount) <> 0 OR sum(s * fee) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    %s
  $q$, 'rpt_wallet_hourly' || suffix, src, CASE WHEN deltas THEN '' ELSE
    format(upsert, 'hour, type, status, asset, network, channel, source_check, hold_state') END);
  EXECUTE format($q$
    INSERT INTO %I AS r
      (zone, day, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
    SELECT z.zone, (created_at AT TIME ZONE z.zone)::date, type, status, asset, network,
           coalesce(channel, ''), coalesce(source_check, ''), coalesce(hold_state, ''),
           sum(s), sum(s * amount), sum(s * fee)
      FROM (%s) d CROSS JOIN rpt_zones z
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(s) <> 0 OR sum(s * amount) <> 0 OR sum(s * fee) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    %s
  $q$, 'rpt_wallet_daily' || suffix, src, CASE WHEN deltas THEN '' ELSE
    format(upsert, 'zone, day, type, status, asset, network, channel, source_check, hold_state') END);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_last_activity_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bd_rpt_deltas_on() THEN
    INSERT INTO rpt_customer_last_activity_delta (customer_id, last_at)
    SELECT customer_id, max(created_at) FROM rpt_new GROUP BY customer_id;
  ELSE
    INSERT INTO rpt_customer_last_activity AS r (customer_id, last_at)
    SELECT customer_id, max(created_at) FROM rpt_new GROUP BY customer_id ORDER BY customer_id
    ON CONFLICT (customer_id) DO UPDATE SET last_at = excluded.last_at WHERE r.last_at < excluded.last_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER rpt_last_activity_delta_truncate AFTER TRUNCATE ON wallet_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_customer_last_activity_delta');--> statement-breakpoint
CREATE TRIGGER rpt_wallet_delta_truncate AFTER TRUNCATE ON wallet_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_wallet_hourly_delta');--> statement-breakpoint
CREATE TRIGGER rpt_wallet_daily_delta_truncate AFTER TRUNCATE ON wallet_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_wallet_daily_delta');--> statement-breakpoint

-- What the reports read: the sums are additive, so folded and unfolded rows add up.
CREATE VIEW "rpt_wallet_hourly_all" AS
  SELECT * FROM rpt_wallet_hourly UNION ALL SELECT * FROM rpt_wallet_hourly_delta;--> statement-breakpoint
CREATE VIEW "rpt_wallet_daily_all" AS
  SELECT * FROM rpt_wallet_daily UNION ALL SELECT * FROM rpt_wallet_daily_delta;--> statement-breakpoint
-- Each customer once, at the later of its folded and unfolded times.
CREATE VIEW "rpt_customer_last_activity_all" AS
  SELECT f.customer_id, f.last_at FROM rpt_customer_last_activity f
   WHERE NOT EXISTS (SELECT 1 FROM rpt_customer_last_activity_delta d
                      WHERE d.customer_id = f.customer_id AND d.last_at > f.last_at)
  UNION ALL
  SELECT d.customer_id, max(d.last_at) FROM rpt_customer_last_activity_delta d
   GROUP BY d.customer_id
  HAVING max(d.last_at) > coalesce((SELECT f.last_at FROM rpt_customer_last_activity f
                                     WHERE f.customer_id = d.customer_id), '-infinity');--> statement-breakpoint

-- Moves the deltas into the rollups, one short transaction of the job's: deleted and added in the
-- same statement, so a reader sees a delta either unfolded or folded, never both or neither. Keys in
-- the triggers' order (last activity, hourly, daily); a key a batch holds makes the fold give up
-- (lock_timeout, set by the job) and the next run folds it.
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
  GET DIAGNOSTICS v_n = ROW_COUNT;
  RETURN v_total + v_n;
END $$;
