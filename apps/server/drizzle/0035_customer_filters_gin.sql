-- The customer list's search, role and KYC status filters in one GIN index. With one index per
-- filter, PostgreSQL built a bitmap of every match of each and intersected them: all four filters at
-- once ("kaya", active, pending, p2p_seller at 1,000,000 customers) cost ~48 ms, 31 ms of it spelling
-- out the role's 159,000 customers. One multicolumn GIN scan intersects the posting lists as it reads
-- them, skipping through the long ones page by page: the same query reads 301 rows in ~4 ms, and the
-- status is checked on them. The status stays out: "active", 62 % of customers, made the scan twice
-- as slow (a long list is decoded nearly whole), and a rare status has its own btree (0012).
-- A GIN index serves any subset of its columns as well as a one-column index would, so it replaces
-- the search and role indexes. btree_gin gives the KYC text its GIN operators; the KYC expression
-- equals customerWhere's (customer-sql.ts), as in 0012.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_filters_gin_idx" ON "customers" USING gin (
  search_text gin_trgm_ops, "roles_folded", (public.bd_fold(coalesce("user_ky", 'kyc'))));
--> statement-breakpoint
DROP INDEX IF EXISTS "customers_search_text_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "customers_roles_folded_idx";
