-- The travel-rule report's counts from a rollup kept in step with the records, as the other reports'
-- are (docs/decisions/0014-report-rollups.md): records per hour opened, direction, state, applying
-- jurisdiction and its currency, counterparty VASP (0: none) and wallet kind, whether a deadline
-- passed with information still missing (the deadline job's mark, migration 0056), how many and
-- their amount in the jurisdiction's currency. A state change moves a record from one row to another.

CREATE TABLE "rpt_travel_rule_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"state" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"currency" text NOT NULL,
	"vasp_id" integer NOT NULL,
	"wallet_kind" text NOT NULL,
	"overdue" boolean NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric NOT NULL,
	PRIMARY KEY ("hour", "direction", "state", "jurisdiction", "currency", "vasp_id", "wallet_kind", "overdue")
);--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_travel_rule_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'created_at, direction, state, jurisdiction, currency, counterparty_vasp_id, wallet_kind, deadline_raised, amount_in_currency';
  src text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM rpt_new', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM rpt_old', cols)
    ELSE format('SELECT %1$s, 1 AS s FROM rpt_new UNION ALL SELECT %1$s, -1 AS s FROM rpt_old', cols) END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_travel_rule_hourly AS r
      (hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue, n, amount)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), direction, state, jurisdiction,
           currency, coalesce(counterparty_vasp_id, 0), wallet_kind, deadline_raised IS NOT NULL,
           sum(s), coalesce(sum(s * amount_in_currency), 0)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(s) <> 0 OR coalesce(sum(s * amount_in_currency), 0) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue)
      DO UPDATE SET n = r.n + excluded.n, amount = r.amount + excluded.amount
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER rpt_travel_rule_insert AFTER INSERT ON travel_rule_records REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_travel_rule_apply();--> statement-breakpoint
CREATE TRIGGER rpt_travel_rule_update AFTER UPDATE ON travel_rule_records REFERENCING OLD TABLE AS rpt_old NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_travel_rule_apply();--> statement-breakpoint
CREATE TRIGGER rpt_travel_rule_delete AFTER DELETE ON travel_rule_records REFERENCING OLD TABLE AS rpt_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_travel_rule_apply();--> statement-breakpoint
CREATE TRIGGER rpt_travel_rule_truncate AFTER TRUNCATE ON travel_rule_records
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_travel_rule_hourly');--> statement-breakpoint

-- Records already there (an upgraded database) enter the rollup once.
INSERT INTO rpt_travel_rule_hourly (hour, direction, state, jurisdiction, currency, vasp_id, wallet_kind, overdue, n, amount)
SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), direction, state, jurisdiction, currency,
       coalesce(counterparty_vasp_id, 0), wallet_kind, deadline_raised IS NOT NULL, count(*),
       coalesce(sum(amount_in_currency), 0)
  FROM travel_rule_records GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
-- The records' export reads a range of days opened, every state (the queue's indexes hold open work only).
CREATE INDEX "travel_rule_records_created_idx" ON "travel_rule_records" ("created_at", "id");
