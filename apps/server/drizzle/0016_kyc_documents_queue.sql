-- KYC documents with their files, decisions and the review queue (docs/product-rules.md R37–R39).
-- Documents from before files were stored keep a null sha256 (no content to show); the demo seed
-- stores specimen files for every document it writes.
UPDATE "kyc_documents" SET "status" = 'resubmission_requested' WHERE "status" = 'resubmit';
--> statement-breakpoint
UPDATE "kyc_documents" SET "kind" = 'national_id_front' WHERE "kind" = 'id_card';
--> statement-breakpoint
ALTER TABLE "kyc_documents"
  ADD COLUMN "sha256" text CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
  ADD COLUMN "storage_key" text,
  ADD COLUMN "channel" text DEFAULT 'customer' NOT NULL CHECK ("channel" IN ('customer', 'staff')),
  ADD COLUMN "uploaded_by" integer,
  ADD COLUMN "reason_code" text CHECK ("reason_code" IN
    ('unreadable', 'expired', 'name_mismatch', 'unsupported_kind', 'suspected_forgery', 'other')),
  ADD COLUMN "reason_text" text CHECK (length("reason_text") <= 500),
  ADD COLUMN "comment" text CHECK (length("comment") <= 2000),
  ADD COLUMN "expires_on" date,
  ADD CONSTRAINT "kyc_documents_kind_check" CHECK ("kind" IN ('passport', 'national_id_front',
    'national_id_back', 'driving_licence', 'residence_permit', 'proof_of_address', 'selfie',
    'selfie_with_document', 'company_registration', 'articles', 'shareholder_register', 'signatory_id')),
  ADD CONSTRAINT "kyc_documents_status_check" CHECK ("status" IN
    ('pending', 'approved', 'rejected', 'resubmission_requested')),
  -- A decided document names its reviewer and time; a pending one has neither.
  ADD CONSTRAINT "kyc_documents_decided_check" CHECK (("status" = 'pending') = ("reviewed_at" IS NULL));
--> statement-breakpoint
-- Keyset pages of the documents list: (filter, sort, id) for the common filters and both sorts.
DROP INDEX "kyc_documents_status_idx";--> statement-breakpoint
DROP INDEX "kyc_documents_customer_idx";--> statement-breakpoint
CREATE INDEX "kyc_documents_uploaded_idx" ON "kyc_documents" ("uploaded_at", "id");--> statement-breakpoint
-- Sorted by decision time, undecided documents first (ascending): the sort key is never null.
CREATE INDEX "kyc_documents_decided_idx" ON "kyc_documents" (coalesce("reviewed_at", '-infinity'::timestamptz), "id");--> statement-breakpoint
CREATE INDEX "kyc_documents_status_uploaded_idx" ON "kyc_documents" ("status", "uploaded_at", "id");--> statement-breakpoint
CREATE INDEX "kyc_documents_kind_uploaded_idx" ON "kyc_documents" ("kind", "uploaded_at", "id");--> statement-breakpoint
CREATE INDEX "kyc_documents_customer_uploaded_idx" ON "kyc_documents" ("customer_id", "uploaded_at", "id");--> statement-breakpoint
CREATE INDEX "kyc_documents_reviewer_idx" ON "kyc_documents" ("reviewed_by", "reviewed_at", "id") WHERE "reviewed_by" IS NOT NULL;--> statement-breakpoint
-- Each decision on a document, kept (the document row holds only the latest).
CREATE TABLE "kyc_document_decisions" (
  "id" bigserial PRIMARY KEY,
  "document_id" bigint NOT NULL REFERENCES "kyc_documents" ("id"),
  "customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
  "decision" text NOT NULL CHECK ("decision" IN ('approved', 'rejected', 'resubmission_requested')),
  "reason_code" text,
  "reason_text" text,
  "comment" text,
  "member_id" integer,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_document_decisions_customer_idx" ON "kyc_document_decisions" ("customer_id", "at");--> statement-breakpoint
CREATE INDEX "kyc_document_decisions_at_idx" ON "kyc_document_decisions" ("at", "member_id");--> statement-breakpoint
CREATE INDEX "kyc_decisions_at_idx" ON "kyc_decisions" ("at", "member_id");--> statement-breakpoint
-- A customer waiting for a decision: open while any of their documents is pending, kept in step by
-- the KYC module in the same transaction as the document change. One row per customer, so "next
-- case" locks one row (FOR UPDATE SKIP LOCKED) and two officers never claim the same customer.
CREATE TABLE "kyc_cases" (
  "customer_id" bigint PRIMARY KEY REFERENCES "customers" ("id"),
  "waiting_since" timestamp with time zone NOT NULL,
  "pending_documents" integer NOT NULL CHECK ("pending_documents" > 0),
  "assigned_to" integer REFERENCES "staff_members" ("id"),
  "assigned_at" timestamp with time zone,
  CHECK (("assigned_to" IS NULL) = ("assigned_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "kyc_cases_waiting_idx" ON "kyc_cases" ("waiting_since", "customer_id");--> statement-breakpoint
CREATE INDEX "kyc_cases_unassigned_idx" ON "kyc_cases" ("waiting_since", "customer_id") WHERE "assigned_to" IS NULL;--> statement-breakpoint
CREATE INDEX "kyc_cases_assignee_idx" ON "kyc_cases" ("assigned_to", "waiting_since", "customer_id") WHERE "assigned_to" IS NOT NULL;--> statement-breakpoint
INSERT INTO "kyc_cases" ("customer_id", "waiting_since", "pending_documents")
SELECT "customer_id", min("uploaded_at"), count(*) FROM "kyc_documents" WHERE "status" = 'pending' GROUP BY "customer_id";
--> statement-breakpoint
-- What the customer declared about themself, for the viewer to compare with the documents.
CREATE TABLE "kyc_profiles" (
  "customer_id" bigint PRIMARY KEY REFERENCES "customers" ("id"),
  "birth_date" date,
  "nationality" text CHECK (length("nationality") <= 100),
  "address" text CHECK (length("address") <= 500)
);
