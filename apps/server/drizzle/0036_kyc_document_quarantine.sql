-- Stored documents a later file check found active or unreadable: kept (the row and the file) for the
-- audit, refused to every viewer and decision. One row per document; nothing here is ever deleted.
CREATE TABLE "kyc_document_quarantine" (
  "document_id" bigint PRIMARY KEY REFERENCES "kyc_documents"("id"),
  "code" text NOT NULL CHECK ("code" IN ('KYC_FILE_ACTIVE_CONTENT', 'KYC_FILE_ENCRYPTED', 'KYC_FILE_UNREADABLE', 'KYC_FILE_TYPE_REFUSED')),
  "feature" text,
  "detail" text,
  "run_id" bigint REFERENCES "fraud_runs"("id"),
  "quarantined_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "kyc_document_quarantine_at_idx" ON "kyc_document_quarantine" ("quarantined_at", "document_id");
