-- Formula-safe CSV cells in SQL, for exports written by COPY (lib/export/copy.ts): the rule of
-- lib/export/cells.ts safeCell, exactly — text starting with = + - @, tab or CR gets a leading
-- apostrophe unless it is a plain number such as -12.50 (export.test.ts compares both). A plain SQL
-- expression, not STRICT, so the planner inlines it: no function call per cell. Every character it
-- looks for is below 'A' (65): most cells are decided by that first comparison.
CREATE OR REPLACE FUNCTION bd_csv_safe(cell text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN pg_catalog.ascii(cell) < 65
        AND pg_catalog.ascii(cell) IN (61, 43, 45, 64, 9, 13)
        AND cell !~ '^-?[0-9]+([.][0-9]+)?$'
        THEN '''' || cell
      ELSE cell
    END
  $$;
--> statement-breakpoint
-- The planner picks between walking a sort index and collecting the trigram matches by the
-- estimated share of matches; the default sample (100) rounds every rarer search term down to
-- 0.01 %, so a term matching thousands of rows was collected and sorted. 1,000 sees them.
ALTER TABLE customers ALTER COLUMN search_text SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE customers (search_text);
--> statement-breakpoint
-- Trades carry their offer's contract and seller (columns of migration perf_lists), so the trade
-- list filters and sorts on one table's indexes. Existing trades first, then triggers keep them
-- equal to the offer: a trade copies its offer when written; an offer written or removed updates
-- its trades. Without an offer both stay null, as the list's LEFT JOIN would see it.
UPDATE p2p_trades t
  SET offer_contract_name = o.selling_contract_name, offer_seller_user_name = o.seller_user_name
  FROM p2p_offers o
  WHERE o.trade_market_guid = t.trade_market_guid;
--> statement-breakpoint
ANALYZE p2p_trades;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bd_trade_copy_offer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No offer: SELECT INTO sets both to null.
  SELECT o.selling_contract_name, o.seller_user_name
    INTO NEW.offer_contract_name, NEW.offer_seller_user_name
    FROM public.p2p_offers o
    WHERE o.trade_market_guid = NEW.trade_market_guid;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER p2p_trades_copy_offer
  BEFORE INSERT OR UPDATE OF trade_market_guid, offer_contract_name, offer_seller_user_name ON p2p_trades
  FOR EACH ROW EXECUTE FUNCTION bd_trade_copy_offer();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bd_offer_copy_to_trades() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rewriting the copies makes p2p_trades_copy_offer read the offers as they are now.
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.trade_market_guid <> NEW.trade_market_guid) THEN
    UPDATE public.p2p_trades SET offer_contract_name = NULL, offer_seller_user_name = NULL
      WHERE trade_market_guid = OLD.trade_market_guid;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE public.p2p_trades
      SET offer_contract_name = NEW.selling_contract_name, offer_seller_user_name = NEW.seller_user_name
      WHERE trade_market_guid = NEW.trade_market_guid
        AND (offer_contract_name, offer_seller_user_name)
          IS DISTINCT FROM (NEW.selling_contract_name, NEW.seller_user_name);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER p2p_offers_copy_to_trades
  AFTER INSERT OR DELETE OR UPDATE OF trade_market_guid, selling_contract_name, seller_user_name
  ON p2p_offers
  FOR EACH ROW EXECUTE FUNCTION bd_offer_copy_to_trades();
