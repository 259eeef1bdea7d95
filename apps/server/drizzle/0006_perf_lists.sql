ALTER TABLE "p2p_trades" ADD COLUMN "offer_contract_name" text;--> statement-breakpoint
ALTER TABLE "p2p_trades" ADD COLUMN "offer_seller_user_name" text;--> statement-breakpoint
CREATE INDEX "p2p_trades_contract_created_idx" ON "p2p_trades" USING btree ("status","offer_contract_name","created_at","id");--> statement-breakpoint
CREATE INDEX "p2p_trades_contract_amount_idx" ON "p2p_trades" USING btree ("status","offer_contract_name","trade_amount","id");--> statement-breakpoint
CREATE INDEX "p2p_trades_seller_fold_idx" ON "p2p_trades" USING btree ("status",public.bd_fold("offer_seller_user_name") text_pattern_ops);