-- The customer list's select filters read their own index, newest first (the list's default order)
-- after the filter's value: a status or KYC status nothing has is answered from the index at once
-- instead of a walk of every customer, a rare one gives its page in index order, and its total is
-- counted from the index alone. The KYC expression equals customerWhere's (customer-sql.ts); the
-- column itself ends the key, since PostgreSQL reads an expression from the index only when the
-- columns under it are there too.
CREATE INDEX "customers_status_created_idx" ON "customers" USING btree ("status", "create_date", "id");
--> statement-breakpoint
CREATE INDEX "customers_kyc_fold_created_idx" ON "customers" USING btree (public.bd_fold(coalesce("user_ky", 'kyc')), "create_date", "id", "user_ky");
--> statement-breakpoint
-- The command palette finds a customer by phone digits anywhere in the number, however they were
-- typed (customer-sql.ts PHONE_DIGITS: the same expression, or PostgreSQL cannot use the index).
CREATE INDEX "customers_mobile_digits_trgm_idx" ON "customers" USING gin ((regexp_replace("mobile", '[^0-9]+', '', 'g')) gin_trgm_ops);
