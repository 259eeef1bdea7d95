-- The compliance report counts resubmission requests where they are made: on documents (a KYC
-- document decision), as the compliance overview does, not on the customer's level decision (which
-- is only approved or rejected). Document decisions per hour, decision, reason and officer, kept in
-- step with the raw rows as the other rollups are (docs/decisions/0014-report-rollups.md).

CREATE TABLE "rpt_kyc_documents_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	-- 0: a decision without a member
	"member_id" integer NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("hour", "decision", "reason", "member_id")
);--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_kyc_documents_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'at, decision, reason_code, member_id';
  src text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM rpt_new', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM rpt_old', cols)
    ELSE format('SELECT %1$s, 1 AS s FROM rpt_new UNION ALL SELECT %1$s, -1 AS s FROM rpt_old', cols) END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_kyc_documents_hourly AS r (hour, decision, reason, member_id, n)
    SELECT date_bin('1 hour', at, timestamptz '2000-01-01 00:00+00'), decision, coalesce(reason_code, ''),
           coalesce(member_id, 0), sum(s)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4
    HAVING sum(s) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, decision, reason, member_id) DO UPDATE SET n = r.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER rpt_kyc_documents_insert AFTER INSERT ON kyc_document_decisions REFERENCING NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_kyc_documents_apply();--> statement-breakpoint
CREATE TRIGGER rpt_kyc_documents_update AFTER UPDATE ON kyc_document_decisions REFERENCING OLD TABLE AS rpt_old NEW TABLE AS rpt_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_kyc_documents_apply();--> statement-breakpoint
CREATE TRIGGER rpt_kyc_documents_delete AFTER DELETE ON kyc_document_decisions REFERENCING OLD TABLE AS rpt_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_kyc_documents_apply();--> statement-breakpoint
CREATE TRIGGER rpt_kyc_documents_truncate AFTER TRUNCATE ON kyc_document_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('rpt_kyc_documents_hourly');--> statement-breakpoint

-- Rows already there (an upgraded database) enter the rollup once.
INSERT INTO rpt_kyc_documents_hourly (hour, decision, reason, member_id, n)
SELECT date_bin('1 hour', at, timestamptz '2000-01-01 00:00+00'), decision, coalesce(reason_code, ''), coalesce(member_id, 0),
       count(*)
  FROM kyc_document_decisions GROUP BY 1, 2, 3, 4;
