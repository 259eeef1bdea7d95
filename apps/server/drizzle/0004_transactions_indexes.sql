DROP INDEX "p2p_trades_status_idx";--> statement-breakpoint
CREATE INDEX "p2p_offers_seller_fold_idx" ON "p2p_offers" USING btree (public.bd_fold("seller_user_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "p2p_trades_status_amount_idx" ON "p2p_trades" USING btree ("status","trade_amount","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_tx_hash_idx" ON "wallet_transactions" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "p2p_trades_status_idx" ON "p2p_trades" USING btree ("status","created_at","id");