-- A seller prefix spans many sellers, so its trades come out of the (status, folded seller) index in
-- seller order and were each read from the table to be sorted by date or amount (1,000–5,000 heap
-- visits a page). The index now holds what the sort, the contract filter and the page's id choice
-- need: a seller prefix's newest (or largest) trades, of any contract or one, are chosen from the index
-- alone. The seller's own name ends it because PostgreSQL reads an expression from an index only with
-- the columns under it.
DROP INDEX IF EXISTS "p2p_trades_seller_fold_idx";--> statement-breakpoint
CREATE INDEX "p2p_trades_seller_fold_idx" ON "p2p_trades" USING btree
  ("status", public.bd_fold("offer_seller_user_name") text_pattern_ops, "created_at", "id")
  INCLUDE ("trade_amount", "offer_contract_name", "offer_seller_user_name");
