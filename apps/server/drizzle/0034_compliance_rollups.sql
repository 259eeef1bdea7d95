-- The compliance report's counts from rollups kept in step with the raw rows, as the other reports'
-- are (docs/decisions/0014-report-rollups.md): KYC decisions per hour, outcome, reason and officer
-- (with how many broke the review SLA), and fraud alerts per hour they were closed in, rule and
-- outcome. Review and open-time percentiles cannot be summed: the report still takes them from the
-- raw rows, only for the tables that show them.

CREATE TABLE "rpt_kyc_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	-- 0: a decision without a member (none is written so today; kept for imported history)
	"member_id" integer NOT NULL,
	"n" bigint NOT NULL,
	"sla_breaches" bigint NOT NULL,
	PRIMARY KEY ("hour", "outcome", "reason", "member_id")
);--> statement-breakpoint
CREATE TABLE "rpt_alerts_closed_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"rule" text NOT NULL,
	"outcome" text NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("hour", "rule", "outcome")
);--> statement-breakpoint

-- Whether a decision's review took longer than the KYC review SLA (KYC_REVIEW_SLA_HOURS, 24 h, in
-- packages/contract/src/reports/keys.ts; a change there needs a migration rebuilding rpt_kyc_hourly).
CREATE OR REPLACE FUNCTION public.bd_kyc_sla_breached(at timestamptz, review_started_at timestamptz) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(date_part('epoch', at - review_started_at) > 24 * 3600, false)
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_kyc_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'at, decision, reason_code, member_id, review_started_at';
  src text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM rpt_new', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM rpt_old', cols)
    ELSE format('SELECT %1$s, 1 AS s FROM rpt_new UNION ALL SELECT %1$s, -1 AS s FROM rpt_old', cols) END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_kyc_hourly AS r (hour, outcome, reason, member_id, n, sla_breaches)
    SELECT date_bin('1 hour', at, timestamptz '2000-01-01 00:00+00'), decision, coalesce(reason_code, ''),
           coalesce(member_id, 0), sum(s), coalesce(sum(s) FILTER (WHERE public.bd_kyc_sla_breached(at, review_started_at)), 0)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4
    HAVING sum(s) <> 0 OR sum(s) FILTER (WHERE public.bd_kyc_sla_breached(at, review_started_at)) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, outcome, reason, member_id)
      DO UPDATE SET n = r.n + excluded.n, sla_breaches = r.sla_breaches + excluded.sla_breaches
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

-- Only closed alerts count; an alert's closing (an UPDATE) adds it, a reopening takes it out.
CREATE OR REPLACE FUNCTION public.bd_rpt_alerts_closed_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'closed_at, rule_code, outcome';
  src text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM rpt_new', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM rpt_old', cols)
    ELSE format('SELECT %1$s, 1 AS s FROM rpt_new UNION ALL SELECT %1$s, -1 AS s FROM rpt_old', cols) END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_alerts_closed_hourly AS r (hour, rule, outcome, n)
    SELECT date_bin('1 hour', closed_at, timestamptz '2000-01-01 00:00+00'), rule_code, coalesce(outcome, ''), sum(s)
      FROM (%s) d
     WHERE closed_at IS NOT NULL
     GROUP BY 1, 2, 3
    HAVING sum(s) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (hour, rule, outcome) DO UPDATE SET n = r.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER rpt_kyc_insert AFTER INSERT ON kyc_decisions REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_kyc_apply();--> statement-breakpoint
CREATE TRIGGER rpt_kyc_update AFTER UPDATE ON kyc_decisions REFERENCING OLD TABLE AS rpt_old NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_kyc_apply();--> statement-breakpoint
CREATE TRIGGER rpt_kyc_delete AFTER DELETE ON kyc_decisions REFERENCING OLD TABLE AS rpt_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_kyc_apply();--> statement-breakpoint
CREATE TRIGGER rpt_kyc_truncate AFTER TRUNCATE ON kyc_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_kyc_hourly');--> statement-breakpoint

CREATE TRIGGER rpt_alerts_closed_insert AFTER INSERT ON fraud_alerts REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_alerts_closed_apply();--> statement-breakpoint
CREATE TRIGGER rpt_alerts_closed_update AFTER UPDATE ON fraud_alerts REFERENCING OLD TABLE AS rpt_old NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_alerts_closed_apply();--> statement-breakpoint
CREATE TRIGGER rpt_alerts_closed_delete AFTER DELETE ON fraud_alerts REFERENCING OLD TABLE AS rpt_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_alerts_closed_apply();--> statement-breakpoint
CREATE TRIGGER rpt_alerts_closed_truncate AFTER TRUNCATE ON fraud_alerts
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_alerts_closed_hourly');--> statement-breakpoint

-- Rows already there (an upgraded database) enter the rollups once.
INSERT INTO rpt_kyc_hourly (hour, outcome, reason, member_id, n, sla_breaches)
SELECT date_bin('1 hour', at, timestamptz '2000-01-01 00:00+00'), decision, coalesce(reason_code, ''), coalesce(member_id, 0),
       count(*), count(*) FILTER (WHERE public.bd_kyc_sla_breached(at, review_started_at))
  FROM kyc_decisions GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO rpt_alerts_closed_hourly (hour, rule, outcome, n)
SELECT date_bin('1 hour', closed_at, timestamptz '2000-01-01 00:00+00'), rule_code, coalesce(outcome, ''), count(*)
  FROM fraud_alerts WHERE closed_at IS NOT NULL GROUP BY 1, 2, 3;
