-- Turkish-aware case folding for search. İ, I and ı all fold to i, so "istanbul" finds "İSTANBUL"
-- and "ışık" finds "IŞIK" (both fold to "işik"); the other Turkish capitals are mapped explicitly so
-- the result does not depend on the server's locale, and lower() folds everything else.
CREATE OR REPLACE FUNCTION bd_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate($1, 'İIıŞĞÜÖÇ', 'iiişğüöç')) $$;
--> statement-breakpoint
-- The customer search text: the four searchable columns joined by a unit separator, which no search
-- string contains, so one substring match equals "matches any of the four". Schema-qualified: index
-- builds run with a search_path of pg_catalog only.
CREATE OR REPLACE FUNCTION bd_customer_search_text(user_name text, alias_name text, alias_surname text, alias_email text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.bd_fold(concat_ws(E'\x1f', user_name, alias_name, alias_surname, alias_email)) $$;
--> statement-breakpoint
CREATE INDEX customers_search_trgm_idx ON customers
  USING gin (bd_customer_search_text(user_name, alias_name, alias_surname, alias_email) gin_trgm_ops);
