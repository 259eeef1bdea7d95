-- The customers report without a scan of every customer (docs/decisions/0014-report-rollups.md):
-- 1. Sign-ups are kept with their KYC stage as it stands now, so the funnel (registered → submitted →
--    approved by level, of the customers who signed up in a range) is a sum over the sign-ups rollup,
--    like the report's other figures. A customer whose KYC moves on moves between stages (the update
--    trigger takes their old row out and puts the new one in).
-- 2. The customer list's facet counts also carry each customer's tier and whether they are active (the
--    kit's single rule), so "tiers now" sums a few hundred rows instead of reading every customer.
-- Writers of customers wait while both are rebuilt: their triggers would otherwise run the old
-- functions against the new keys.
LOCK TABLE customers IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint

-- The furthest funnel stage a customer has reached, from their KYC status and level ('not_submitted':
-- signed up only; every sign-up is "registered" in the funnel, whatever its stage).
CREATE OR REPLACE FUNCTION public.bd_kyc_stage(user_ky text, kyc_level integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN user_ky = 'approved' AND kyc_level >= 3 THEN 'approved_level_3'
    WHEN user_ky = 'approved' AND kyc_level = 2 THEN 'approved_level_2'
    WHEN user_ky = 'approved' AND kyc_level = 1 THEN 'approved_level_1'
    WHEN user_ky IN ('pending', 'approved', 'rejected') THEN 'submitted'
    ELSE 'not_submitted' END
$$;--> statement-breakpoint

-- Whether a customer counts as active: a live session token or the status "active" (isActiveCustomer).
CREATE OR REPLACE FUNCTION public.bd_customer_active(token_hash text, status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(token_hash, '') <> '' OR coalesce(status = 'active', false)
$$;--> statement-breakpoint

TRUNCATE rpt_signups_hourly;--> statement-breakpoint
ALTER TABLE "rpt_signups_hourly" ADD COLUMN "kyc_stage" text NOT NULL;--> statement-breakpoint
ALTER TABLE "rpt_signups_hourly" DROP CONSTRAINT "rpt_signups_hourly_pkey";--> statement-breakpoint
ALTER TABLE "rpt_signups_hourly" ADD PRIMARY KEY ("hour", "kyc_type", "customer_type", "kyc_stage");--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_rpt_signups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE src text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT create_date, kyc_type, customer_type, user_ky, kyc_level, 1 AS s FROM rpt_new'
  WHEN 'DELETE' THEN 'SELECT create_date, kyc_type, customer_type, user_ky, kyc_level, -1 AS s FROM rpt_old'
  ELSE 'SELECT create_date, kyc_type, customer_type, user_ky, kyc_level, 1 AS s FROM rpt_new
        UNION ALL SELECT create_date, kyc_type, customer_type, user_ky, kyc_level, -1 AS s FROM rpt_old' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO rpt_signups_hourly AS r (hour, kyc_type, customer_type, kyc_stage, n)
    SELECT date_bin('1 hour', create_date, timestamptz '2000-01-01 00:00+00'), kyc_type,
           coalesce(customer_type, 'bronze'), public.bd_kyc_stage(user_ky, kyc_level), sum(s)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4
    HAVING sum(s) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, kyc_type, customer_type, kyc_stage) DO UPDATE SET n = r.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

INSERT INTO rpt_signups_hourly (hour, kyc_type, customer_type, kyc_stage, n)
SELECT date_bin('1 hour', create_date, timestamptz '2000-01-01 00:00+00'), kyc_type, coalesce(customer_type, 'bronze'),
       public.bd_kyc_stage(user_ky, kyc_level), count(*)
  FROM customers GROUP BY 1, 2, 3, 4;--> statement-breakpoint

TRUNCATE customer_facet_counts;--> statement-breakpoint
ALTER TABLE "customer_facet_counts" ADD COLUMN "tier" text NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_facet_counts" ADD COLUMN "active" boolean NOT NULL;--> statement-breakpoint
DROP INDEX "customer_facet_counts_key";--> statement-breakpoint
CREATE UNIQUE INDEX "customer_facet_counts_key" ON "customer_facet_counts" ("status", "kyc", "role", "tier", "active")
  NULLS NOT DISTINCT;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.bd_customer_facets_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'status, user_ky, roles_folded, customer_type, token_hash';
  src text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM facets_new', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM facets_old', cols)
    ELSE format('SELECT %1$s, 1 AS s FROM facets_new UNION ALL SELECT %1$s, -1 AS s FROM facets_old', cols) END;
BEGIN
  EXECUTE format($q$
    INSERT INTO customer_facet_counts AS c (status, kyc, role, tier, active, n)
    SELECT d.status, public.bd_fold(coalesce(d.user_ky, 'kyc')), r.role, coalesce(d.customer_type, 'bronze'),
           public.bd_customer_active(d.token_hash, d.status), sum(d.s)
      FROM (%s) d
      CROSS JOIN LATERAL (SELECT NULL::text AS role
                          UNION SELECT x FROM unnest(d.roles_folded) AS x WHERE x IS NOT NULL) r
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.s) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (status, kyc, role, tier, active) DO UPDATE SET n = c.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

INSERT INTO customer_facet_counts (status, kyc, role, tier, active, n)
SELECT c.status, public.bd_fold(coalesce(c.user_ky, 'kyc')), r.role, coalesce(c.customer_type, 'bronze'),
       public.bd_customer_active(c.token_hash, c.status), count(*)
  FROM customers c
  CROSS JOIN LATERAL (SELECT NULL::text AS role
                      UNION SELECT x FROM unnest(c.roles_folded) AS x WHERE x IS NOT NULL) r
 GROUP BY 1, 2, 3, 4, 5;
