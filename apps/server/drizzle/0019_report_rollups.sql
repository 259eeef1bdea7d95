-- Reports (issue 14, docs/decisions/0014-report-rollups.md): the deposit facts the deposit CSC report
-- needs, the moment a P2P trade ended, hourly rollups kept in step with their raw rows by
-- statement-level triggers in the writing transaction, and the dated rate table of the financial report.

-- A deposit's channel, its source-of-funds check and whether the funds were held (null on other types).
ALTER TABLE "wallet_transactions" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "source_check" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "hold_state" text;--> statement-breakpoint
-- When a trade was completed or cancelled; set by the trigger below when the status moves there.
ALTER TABLE "p2p_trades" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_p2p_trade_closed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('completed', 'cancelled') AND OLD.status NOT IN ('completed', 'cancelled') THEN
    NEW.closed_at := coalesce(NEW.closed_at, NEW.resolved_at, now());
  ELSIF NEW.status NOT IN ('completed', 'cancelled') THEN
    NEW.closed_at := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER p2p_trades_closed_at BEFORE UPDATE OF status ON p2p_trades
  FOR EACH ROW EXECUTE FUNCTION public.bd_p2p_trade_closed_at();--> statement-breakpoint

-- ── Rollups: one row per UTC hour and dimension values; '' stands for "none" in a key. ──────────
CREATE TABLE "rpt_wallet_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"channel" text NOT NULL,
	"source_check" text NOT NULL,
	"hold_state" text NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"fee" numeric NOT NULL,
	PRIMARY KEY ("hour", "type", "status", "asset", "network", "channel", "source_check", "hold_state")
);--> statement-breakpoint
CREATE TABLE "rpt_p2p_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"contract" text NOT NULL,
	"resolution" text NOT NULL,
	"disputed" boolean NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric NOT NULL,
	-- completed trades with a known end, and the sum of their durations in seconds
	"completed_n" bigint NOT NULL,
	"completion_seconds" numeric NOT NULL,
	PRIMARY KEY ("hour", "status", "contract", "resolution", "disputed")
);--> statement-breakpoint
CREATE TABLE "rpt_signups_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"kyc_type" text NOT NULL,
	"customer_type" text NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("hour", "kyc_type", "customer_type")
);--> statement-breakpoint

-- The zones whose calendar days are also kept whole (one row per zone, day and dimension values): a
-- report in such a zone reads days instead of hours. Other zones read the hourly rollup, just as exact.
CREATE TABLE "rpt_zones" ("zone" text PRIMARY KEY NOT NULL);--> statement-breakpoint
INSERT INTO rpt_zones (zone) VALUES ('UTC'), ('Europe/Istanbul');--> statement-breakpoint
CREATE TABLE "rpt_wallet_daily" (
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"channel" text NOT NULL,
	"source_check" text NOT NULL,
	"hold_state" text NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"fee" numeric NOT NULL,
	PRIMARY KEY ("zone", "day", "type", "status", "asset", "network", "channel", "source_check", "hold_state")
);--> statement-breakpoint
CREATE TABLE "rpt_p2p_daily" (
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"contract" text NOT NULL,
	"resolution" text NOT NULL,
	"disputed" boolean NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"completed_n" bigint NOT NULL,
	"completion_seconds" numeric NOT NULL,
	PRIMARY KEY ("zone", "day", "status", "contract", "resolution", "disputed")
);--> statement-breakpoint

-- One delta per statement: the rows a statement added count +1, the rows it removed −1 (an UPDATE
-- is both), grouped by key; keys whose delta nets to nothing are not written. Keys are upserted in
-- key order so two writers touching the same hours take their row locks in the same order.
CREATE OR REPLACE FUNCTION public.bd_rpt_wallet_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE src text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT *, 1 AS s FROM rpt_new'
  WHEN 'DELETE' THEN 'SELECT *, -1 AS s FROM rpt_old'
  ELSE 'SELECT *, 1 AS s FROM rpt_new UNION ALL SELECT *, -1 AS s FROM rpt_old' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_wallet_hourly AS r
      (hour, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), type, status, asset, network,
           coalesce(channel, ''), coalesce(source_check, ''), coalesce(hold_state, ''),
           sum(s), sum(s * amount), sum(s * fee)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(s) <> 0 OR sum(s * amount) <> 0 OR sum(s * fee) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (hour, type, status, asset, network, channel, source_check, hold_state) DO UPDATE
      SET n = r.n + excluded.n, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee
  $q$, src);
  EXECUTE format($q$
    INSERT INTO rpt_wallet_daily AS r
      (zone, day, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
    SELECT z.zone, (created_at AT TIME ZONE z.zone)::date, type, status, asset, network,
           coalesce(channel, ''), coalesce(source_check, ''), coalesce(hold_state, ''),
           sum(s), sum(s * amount), sum(s * fee)
      FROM (%s) d CROSS JOIN rpt_zones z
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(s) <> 0 OR sum(s * amount) <> 0 OR sum(s * fee) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT (zone, day, type, status, asset, network, channel, source_check, hold_state) DO UPDATE
      SET n = r.n + excluded.n, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_p2p_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE src text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT *, 1 AS s FROM rpt_new'
  WHEN 'DELETE' THEN 'SELECT *, -1 AS s FROM rpt_old'
  ELSE 'SELECT *, 1 AS s FROM rpt_new UNION ALL SELECT *, -1 AS s FROM rpt_old' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_p2p_hourly AS r
      (hour, status, contract, resolution, disputed, n, amount, completed_n, completion_seconds)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), status,
           coalesce(offer_contract_name, ''), coalesce(resolution, ''), (dispute_reason IS NOT NULL OR status = 'disputed'),
           sum(s), sum(s * trade_amount),
           coalesce(sum(s) FILTER (WHERE status = 'completed' AND closed_at IS NOT NULL), 0),
           coalesce(sum(s * extract(epoch FROM closed_at - created_at))
                    FILTER (WHERE status = 'completed' AND closed_at IS NOT NULL), 0)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (hour, status, contract, resolution, disputed) DO UPDATE
      SET n = r.n + excluded.n, amount = r.amount + excluded.amount,
          completed_n = r.completed_n + excluded.completed_n,
          completion_seconds = r.completion_seconds + excluded.completion_seconds
  $q$, src);
  EXECUTE format($q$
    INSERT INTO rpt_p2p_daily AS r
      (zone, day, status, contract, resolution, disputed, n, amount, completed_n, completion_seconds)
    SELECT z.zone, (created_at AT TIME ZONE z.zone)::date, status,
           coalesce(offer_contract_name, ''), coalesce(resolution, ''), (dispute_reason IS NOT NULL OR status = 'disputed'),
           sum(s), sum(s * trade_amount),
           coalesce(sum(s) FILTER (WHERE status = 'completed' AND closed_at IS NOT NULL), 0),
           coalesce(sum(s * extract(epoch FROM closed_at - created_at))
                    FILTER (WHERE status = 'completed' AND closed_at IS NOT NULL), 0)
      FROM (%s) d CROSS JOIN rpt_zones z
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (zone, day, status, contract, resolution, disputed) DO UPDATE
      SET n = r.n + excluded.n, amount = r.amount + excluded.amount,
          completed_n = r.completed_n + excluded.completed_n,
          completion_seconds = r.completion_seconds + excluded.completion_seconds
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_signups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE src text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT create_date, kyc_type, customer_type, 1 AS s FROM rpt_new'
  WHEN 'DELETE' THEN 'SELECT create_date, kyc_type, customer_type, -1 AS s FROM rpt_old'
  ELSE 'SELECT create_date, kyc_type, customer_type, 1 AS s FROM rpt_new
        UNION ALL SELECT create_date, kyc_type, customer_type, -1 AS s FROM rpt_old' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_signups_hourly AS r (hour, kyc_type, customer_type, n)
    SELECT date_bin('1 hour', create_date, timestamptz '2000-01-01 00:00+00'), kyc_type,
           coalesce(customer_type, 'bronze'), sum(s)
      FROM (%s) d
     GROUP BY 1, 2, 3
    HAVING sum(s) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (hour, kyc_type, customer_type) DO UPDATE SET n = r.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('TRUNCATE %I', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint

-- Each customer's latest wallet transaction: churn reads who went quiet without scanning raw rows.
-- Only ever moves forward (a deleted transaction does not move it back; Backdesk never deletes them).
CREATE TABLE "rpt_customer_last_activity" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "rpt_customer_last_activity_at_idx" ON "rpt_customer_last_activity" ("last_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.bd_rpt_last_activity_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rpt_customer_last_activity AS r (customer_id, last_at)
  SELECT customer_id, max(created_at) FROM rpt_new GROUP BY customer_id ORDER BY customer_id
  ON CONFLICT (customer_id) DO UPDATE SET last_at = excluded.last_at WHERE r.last_at < excluded.last_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rpt_last_activity_insert AFTER INSERT ON wallet_transactions REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_last_activity_apply();--> statement-breakpoint
CREATE TRIGGER rpt_last_activity_truncate AFTER TRUNCATE ON wallet_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_customer_last_activity');--> statement-breakpoint

CREATE TRIGGER rpt_wallet_insert AFTER INSERT ON wallet_transactions REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_wallet_apply();--> statement-breakpoint
CREATE TRIGGER rpt_wallet_update AFTER UPDATE ON wallet_transactions
  REFERENCING OLD TABLE AS rpt_old NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_wallet_apply();--> statement-breakpoint
CREATE TRIGGER rpt_wallet_delete AFTER DELETE ON wallet_transactions REFERENCING OLD TABLE AS rpt_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_wallet_apply();--> statement-breakpoint
CREATE TRIGGER rpt_wallet_truncate AFTER TRUNCATE ON wallet_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_wallet_hourly');--> statement-breakpoint
CREATE TRIGGER rpt_wallet_daily_truncate AFTER TRUNCATE ON wallet_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_wallet_daily');--> statement-breakpoint

CREATE TRIGGER rpt_p2p_insert AFTER INSERT ON p2p_trades REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_p2p_apply();--> statement-breakpoint
CREATE TRIGGER rpt_p2p_update AFTER UPDATE ON p2p_trades
  REFERENCING OLD TABLE AS rpt_old NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_p2p_apply();--> statement-breakpoint
CREATE TRIGGER rpt_p2p_delete AFTER DELETE ON p2p_trades REFERENCING OLD TABLE AS rpt_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_p2p_apply();--> statement-breakpoint
CREATE TRIGGER rpt_p2p_truncate AFTER TRUNCATE ON p2p_trades
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_p2p_hourly');--> statement-breakpoint
CREATE TRIGGER rpt_p2p_daily_truncate AFTER TRUNCATE ON p2p_trades
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_p2p_daily');--> statement-breakpoint

CREATE TRIGGER rpt_signups_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_signups_apply();--> statement-breakpoint
CREATE TRIGGER rpt_signups_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS rpt_old NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_signups_apply();--> statement-breakpoint
CREATE TRIGGER rpt_signups_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS rpt_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_signups_apply();--> statement-breakpoint
CREATE TRIGGER rpt_signups_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_signups_hourly');--> statement-breakpoint

-- Rows already there (an upgraded database) enter the rollups once.
INSERT INTO rpt_wallet_hourly (hour, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), type, status, asset, network, '', '', '',
       count(*), sum(amount), sum(fee)
  FROM wallet_transactions GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO rpt_p2p_hourly (hour, status, contract, resolution, disputed, n, amount, completed_n, completion_seconds)
SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), status, coalesce(offer_contract_name, ''),
       coalesce(resolution, ''), (dispute_reason IS NOT NULL OR status = 'disputed'), count(*), sum(trade_amount), 0, 0
  FROM p2p_trades GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO rpt_customer_last_activity (customer_id, last_at)
SELECT customer_id, max(created_at) FROM wallet_transactions GROUP BY customer_id;--> statement-breakpoint
INSERT INTO rpt_signups_hourly (hour, kyc_type, customer_type, n)
SELECT date_bin('1 hour', create_date, timestamptz '2000-01-01 00:00+00'), kyc_type, coalesce(customer_type, 'bronze'), count(*)
  FROM customers GROUP BY 1, 2, 3;--> statement-breakpoint

-- Keeps one more zone's days (e.g. a zone many members choose): its rows are added in one pass, under a
-- lock that holds writers back meanwhile so none is counted twice or missed.
CREATE OR REPLACE FUNCTION public.bd_rpt_keep_zone(z text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE z; -- refuses an unknown zone
  LOCK TABLE wallet_transactions, p2p_trades IN SHARE MODE;
  INSERT INTO rpt_zones (zone) VALUES (z) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO rpt_wallet_daily (zone, day, type, status, asset, network, channel, source_check, hold_state, n, amount, fee)
  SELECT z, (created_at AT TIME ZONE z)::date, type, status, asset, network, coalesce(channel, ''),
         coalesce(source_check, ''), coalesce(hold_state, ''), count(*), sum(amount), sum(fee)
    FROM wallet_transactions GROUP BY 2, 3, 4, 5, 6, 7, 8, 9;
  INSERT INTO rpt_p2p_daily (zone, day, status, contract, resolution, disputed, n, amount, completed_n, completion_seconds)
  SELECT z, (created_at AT TIME ZONE z)::date, status, coalesce(offer_contract_name, ''), coalesce(resolution, ''),
         (dispute_reason IS NOT NULL OR status = 'disputed'), count(*), sum(trade_amount),
         count(*) FILTER (WHERE status = 'completed' AND closed_at IS NOT NULL),
         coalesce(sum(extract(epoch FROM closed_at - created_at)) FILTER (WHERE status = 'completed' AND closed_at IS NOT NULL), 0)
    FROM p2p_trades GROUP BY 2, 3, 4, 5, 6;
END $$;--> statement-breakpoint
-- The zones kept from the start: their days for the rows already there.
DELETE FROM rpt_zones;--> statement-breakpoint
SELECT public.bd_rpt_keep_zone('UTC');--> statement-breakpoint
SELECT public.bd_rpt_keep_zone('Europe/Istanbul');--> statement-breakpoint

-- ── Rates: one asset's value in the reporting currency from a day on, until the next dated rate. ──
CREATE TABLE "report_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"valid_from" date NOT NULL,
	"rate" numeric(36, 18) NOT NULL CHECK ("rate" > 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "report_rates_asset_day_key" UNIQUE ("asset", "valid_from")
);--> statement-breakpoint
-- Indicative USD rates, dated, so a fresh install's financial report has totals; staff edit them.
INSERT INTO report_rates (asset, valid_from, rate) VALUES
  ('BTC', '2024-01-01', '42000'), ('BTC', '2025-01-01', '94000'), ('BTC', '2026-01-01', '88000'),
  ('ETH', '2024-01-01', '2300'), ('ETH', '2025-01-01', '3350'), ('ETH', '2026-01-01', '2950'),
  ('USDT', '2024-01-01', '1'), ('USDC', '2024-01-01', '1'),
  ('TRY', '2024-01-01', '0.0339'), ('TRY', '2025-01-01', '0.0283'), ('TRY', '2026-01-01', '0.0233');
