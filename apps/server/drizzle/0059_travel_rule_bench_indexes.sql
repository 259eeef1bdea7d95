-- The travel-rule queue at scale (docs/decisions/0031-travel-rule-speed.md): 1,000,000 records, 50,000
-- open. The queue's total counts its filter's open records on every page; with a filter on a column the
-- partial queue index lacks, each open record cost a visit to its row in a 1.5 GB table (0.5–0.9 s a
-- count). Every filter column in one small partial index makes any filter's count an index-only scan.
CREATE INDEX "travel_rule_records_queue_filters_idx" ON "travel_rule_records"
  ("state", "jurisdiction", "direction", "counterparty_vasp_id")
  WHERE "state" IN ('required_unverified', 'information_missing', 'awaiting_counterparty');
--> statement-breakpoint
-- One counterparty's open work, oldest first: without it a page of one VASP among 200 was a bitmap
-- AND of the VASP index and the whole queue index, then a sort (240 ms).
CREATE INDEX "travel_rule_records_queue_vasp_idx" ON "travel_rule_records" ("counterparty_vasp_id", "created_at", "id")
  WHERE "state" IN ('required_unverified', 'information_missing', 'awaiting_counterparty');
--> statement-breakpoint
-- One jurisdiction's open work, oldest first (EU: 15 % of the open records).
CREATE INDEX "travel_rule_records_queue_jurisdiction_idx" ON "travel_rule_records" ("jurisdiction", "created_at", "id")
  WHERE "state" IN ('required_unverified', 'information_missing', 'awaiting_counterparty');
