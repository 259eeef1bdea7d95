-- Fraud check (issue 13), screening: customers' birth date and nationality, the sanctions and PEP lists
-- a member imports, each entry's names with their folded tokens and phonetic keys (the blocking keys a
-- rescreen joins on), the hits found, and the (customer, entry) pairs closed as false positives.

ALTER TABLE "customers" ADD COLUMN "birth_date" date, ADD COLUMN "nationality" text;
--> statement-breakpoint
-- A name folded for matching: Turkish letters and accents to ASCII (İ/I/ı → i, ş → s, ğ → g…), anything
-- that is not a letter or digit to one space. The server's matcher (fraud-screening/names.ts) folds the
-- same way; a test holds the two to each other.
CREATE OR REPLACE FUNCTION bd_screen_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(
    translate(public.bd_fold($1), 'şğüöçıâîûéèêëáàäåíìïóòôúùñ', 'sguociaiueeeeaaaaiiiooouun'),
    '[^a-z0-9]+', ' ', 'g')) $$;
--> statement-breakpoint
-- A folded token's sound: its first letter, then its consonants grouped by sound (b/p, c/j, k/g/q,
-- s/z/x, f/v/w, d/t), vowels, h, y and ğ dropped, doubles collapsed: "mehmet" and "mehmed" → "md".
CREATE OR REPLACE FUNCTION bd_screen_phonetic(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(
    translate(left($1, 1), 'pjgqzxvwt', 'bckksfffd') ||
    regexp_replace(translate(substr($1, 2), 'pjgqzxvwt', 'bckksfffd'), '[aeiouhy]', '', 'g'),
    '(.)\1+', '\1', 'g') $$;
--> statement-breakpoint
-- The blocking keys of a name, one per token of two letters or more: its sound ('p:' + key) where the
-- sound keeps two letters or more, else the token itself ('t:' + token) — a one-letter sound ("kaya" →
-- "k") would pair every name with every other.
CREATE OR REPLACE FUNCTION bd_screen_keys(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT CASE WHEN length(p) >= 2 THEN 'p:' || p ELSE 't:' || tok END), '{}')
    FROM (SELECT tok, public.bd_screen_phonetic(tok) AS p
            FROM unnest(string_to_array(public.bd_screen_fold($1), ' ')) tok WHERE length(tok) >= 2) s $$;
--> statement-breakpoint
CREATE TABLE "screening_lists" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  -- ofac_sdn | un_xml | opensanctions
  "format" text NOT NULL CHECK ("format" IN ('ofac_sdn', 'un_xml', 'opensanctions')),
  "file_name" text,
  "file_sha256" text,
  "entry_count" integer NOT NULL DEFAULT 0,
  "imported_at" timestamptz NOT NULL DEFAULT now(),
  "imported_by" integer REFERENCES "staff_members" ("id"),
  "version" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screening_lists_name_key" ON "screening_lists" (lower("name"));
--> statement-breakpoint
-- An entry keeps its id across imports of its list (matched by the list's own reference), so hits and
-- false-positive memory survive a new file; an entry missing from the new file is marked removed.
CREATE TABLE "screening_entries" (
  "id" bigserial PRIMARY KEY,
  "list_id" integer NOT NULL REFERENCES "screening_lists" ("id"),
  "ref" text NOT NULL,
  -- person | entity
  "kind" text NOT NULL CHECK ("kind" IN ('person', 'entity')),
  "name" text NOT NULL,
  "aliases" text[] NOT NULL DEFAULT '{}',
  -- Full (YYYY-MM-DD) or partial (YYYY, YYYY-MM) dates as the list gives them.
  "birth_dates" text[] NOT NULL DEFAULT '{}',
  -- ISO 3166 alpha-2 codes where the list names a country we know, else the list's words, folded.
  "nationalities" text[] NOT NULL DEFAULT '{}',
  "programme" text,
  "removed_at" timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screening_entries_ref_key" ON "screening_entries" ("list_id", "ref");
--> statement-breakpoint
-- The blocking keys of an active entry's names (name and aliases), rewritten on each import.
CREATE TABLE "screening_entry_keys" (
  "key" text NOT NULL,
  "entry_id" bigint NOT NULL REFERENCES "screening_entries" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("key", "entry_id")
);
--> statement-breakpoint
CREATE INDEX "screening_entry_keys_entry_idx" ON "screening_entry_keys" ("entry_id");
--> statement-breakpoint
-- A customer's blocking keys, kept with the name by a trigger; a rescreen joins these to the entries'.
CREATE TABLE "screening_customer_keys" (
  "key" text NOT NULL,
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("key", "customer_id")
);
--> statement-breakpoint
CREATE INDEX "screening_customer_keys_customer_idx" ON "screening_customer_keys" ("customer_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bd_screening_customer_keys() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM screening_customer_keys WHERE customer_id = NEW.id;
  END IF;
  INSERT INTO screening_customer_keys (key, customer_id)
    SELECT k, NEW.id FROM unnest(public.bd_screen_keys(concat_ws(' ', NEW.alias_name, NEW.alias_surname))) k
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER screening_customer_keys_insert AFTER INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION bd_screening_customer_keys();
--> statement-breakpoint
CREATE TRIGGER screening_customer_keys_update AFTER UPDATE OF alias_name, alias_surname ON customers
  FOR EACH ROW WHEN (OLD.alias_name IS DISTINCT FROM NEW.alias_name OR OLD.alias_surname IS DISTINCT FROM NEW.alias_surname)
  EXECUTE FUNCTION bd_screening_customer_keys();
--> statement-breakpoint
INSERT INTO screening_customer_keys (key, customer_id)
  SELECT DISTINCT k, c.id FROM customers c,
    unnest(bd_screen_keys(concat_ws(' ', c.alias_name, c.alias_surname))) k;
--> statement-breakpoint
-- A hit: a customer whose name scored at or above the threshold against an entry, with why.
CREATE TABLE "screening_matches" (
  "id" bigserial PRIMARY KEY,
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
  "entry_id" bigint NOT NULL REFERENCES "screening_entries" ("id"),
  "score" numeric(4, 3) NOT NULL,
  "explanation" jsonb NOT NULL,
  "matched_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screening_matches_pair_key" ON "screening_matches" ("customer_id", "entry_id");
--> statement-breakpoint
-- Pairs a member closed as a false positive: never raised again, whatever the threshold or the file.
CREATE TABLE "screening_dismissals" (
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
  "entry_id" bigint NOT NULL REFERENCES "screening_entries" ("id"),
  "alert_id" bigint REFERENCES "fraud_alerts" ("id"),
  "dismissed_by" integer REFERENCES "staff_members" ("id"),
  "dismissed_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("customer_id", "entry_id")
);
--> statement-breakpoint
-- Closing a screening alert as a false positive remembers its pairs, in the closing transaction.
CREATE OR REPLACE FUNCTION bd_screening_remember_false_positive() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO screening_dismissals (customer_id, entry_id, alert_id, dismissed_by)
    SELECT m.customer_id, m.entry_id, NEW.id, NEW.closed_by
      FROM fraud_alert_evidence e JOIN screening_matches m ON m.id = e.ref_id
     WHERE e.alert_id = NEW.id AND e.kind = 'screening_entry'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER screening_remember_false_positive AFTER UPDATE OF outcome ON fraud_alerts
  FOR EACH ROW WHEN (NEW.rule_code = 'screening_hit' AND NEW.outcome = 'false_positive'
                     AND OLD.outcome IS DISTINCT FROM NEW.outcome)
  EXECUTE FUNCTION bd_screening_remember_false_positive();
