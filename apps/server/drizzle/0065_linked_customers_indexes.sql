-- Linked customers (fraud check's panel, a case's report draft) look up who else used an address or
-- traded with a counterparty. Before this, the address branch joined every wallet transaction (a
-- sequential scan of 5M rows, ~2 s at 1M customers) and each counterparty scanned all P2P trades.
-- An address counts on the customer's side of a transfer only: a withdrawal's destination, a deposit's
-- source. The other side is the exchange's own wallet, which every customer shares.
-- (Reordering the new-address rule's index to serve both slowed the evaluator: decision 0033.)
CREATE INDEX "wallet_transactions_withdrawal_to_idx" ON "wallet_transactions" ("to_address", "customer_id")
  WHERE "type" = 'withdrawal' AND "to_address" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "wallet_transactions_deposit_from_idx" ON "wallet_transactions" ("from_address", "customer_id")
  WHERE "type" = 'deposit' AND "from_address" IS NOT NULL;
--> statement-breakpoint
-- Both sides of a trade, the partner second: the distinct partners of one counterparty, in order.
CREATE INDEX "p2p_trades_buyer_idx" ON "p2p_trades" ("buyer_user_name", "offer_seller_user_name");
--> statement-breakpoint
CREATE INDEX "p2p_trades_seller_idx" ON "p2p_trades" ("offer_seller_user_name", "buyer_user_name");
