-- How many customers have each combination of the list's select filters: status, folded KYC status
-- and one folded role (NULL: every customer, each counted once). The customer list's total with only
-- these filters is a sum over a few of these rows, exact at any size; its page knows how rare the
-- combination is before it reads a row (docs/decisions/0004-lists-at-scale.md). Kept in step by
-- statement-level triggers, as the report rollups are: one grouped delta a statement, in key order.
CREATE TABLE "customer_facet_counts" (
	"status" text,
	"kyc" text NOT NULL,
	"role" text,
	"n" bigint NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "customer_facet_counts_key" ON "customer_facet_counts" ("status", "kyc", "role") NULLS NOT DISTINCT;--> statement-breakpoint

-- The facets of a set of customer rows, one row per (customer, role) and one with role NULL; `s` is
-- +1 for rows a statement added and -1 for rows it removed.
CREATE OR REPLACE FUNCTION public.bd_customer_facets_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE src text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT status, user_ky, roles_folded, 1 AS s FROM facets_new'
  WHEN 'DELETE' THEN 'SELECT status, user_ky, roles_folded, -1 AS s FROM facets_old'
  ELSE 'SELECT status, user_ky, roles_folded, 1 AS s FROM facets_new
        UNION ALL SELECT status, user_ky, roles_folded, -1 AS s FROM facets_old' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO customer_facet_counts AS c (status, kyc, role, n)
    SELECT d.status, public.bd_fold(coalesce(d.user_ky, 'kyc')), r.role, sum(d.s)
      FROM (%s) d
      CROSS JOIN LATERAL (SELECT NULL::text AS role
                          UNION SELECT x FROM unnest(d.roles_folded) AS x WHERE x IS NOT NULL) r
     GROUP BY 1, 2, 3
    HAVING sum(d.s) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (status, kyc, role) DO UPDATE SET n = c.n + excluded.n
  $q$, src);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER customer_facets_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS facets_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_customer_facets_apply();--> statement-breakpoint
CREATE TRIGGER customer_facets_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS facets_old NEW TABLE AS facets_new
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_customer_facets_apply();--> statement-breakpoint
CREATE TRIGGER customer_facets_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS facets_old
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_customer_facets_apply();--> statement-breakpoint
CREATE TRIGGER customer_facets_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION public.bd_rpt_truncate('customer_facet_counts');--> statement-breakpoint

-- Status and KYC status together: each shared by 5–60 % of customers, their intersection is small, and
-- ANDing two large bitmaps cost 20–40 ms where this range is read in a few.
CREATE INDEX "customers_status_kyc_created_idx" ON "customers" USING btree
  ("status", public.bd_fold(coalesce("user_ky", 'kyc')), "create_date", "id");--> statement-breakpoint

INSERT INTO customer_facet_counts (status, kyc, role, n)
SELECT c.status, public.bd_fold(coalesce(c.user_ky, 'kyc')), r.role, count(*)
  FROM customers c
  CROSS JOIN LATERAL (SELECT NULL::text AS role
                      UNION SELECT x FROM unnest(c.roles_folded) AS x WHERE x IS NOT NULL) r
 GROUP BY 1, 2, 3;
