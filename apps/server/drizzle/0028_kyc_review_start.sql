-- When the review behind a KYC decision began: the first document the customer sent after their
-- previous decision. Kept on the decision when it is written (one indexed lookup), so the compliance
-- report reads review times off the row instead of searching each decision's documents (issue 14).

ALTER TABLE "kyc_decisions" ADD COLUMN "review_started_at" timestamptz;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bd_kyc_review_started(p_customer bigint, p_at timestamptz) RETURNS timestamptz
  LANGUAGE sql STABLE
  AS $$ SELECT min(d.uploaded_at) FROM kyc_documents d
         WHERE d.customer_id = p_customer AND d.uploaded_at <= p_at
           AND d.uploaded_at > coalesce((SELECT max(p.at) FROM kyc_decisions p
                                          WHERE p.customer_id = p_customer AND p.at < p_at), '-infinity') $$;
--> statement-breakpoint
-- A writer that knows it (the bulk seed, whose decision index is built after the load) gives it.
CREATE OR REPLACE FUNCTION bd_kyc_decision_review_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.review_started_at IS NULL THEN
    NEW.review_started_at := bd_kyc_review_started(NEW.customer_id, NEW.at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER kyc_decisions_review_start BEFORE INSERT ON kyc_decisions
  FOR EACH ROW EXECUTE FUNCTION bd_kyc_decision_review_start();
--> statement-breakpoint
UPDATE kyc_decisions SET review_started_at = bd_kyc_review_started(customer_id, at);
