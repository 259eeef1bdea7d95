CREATE TABLE "approval_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"request_reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"search" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "customer_id" bigint;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_open_key" ON "approval_requests" USING btree ("kind","entity","entity_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_member_list_name_key" ON "saved_views" USING btree ("member_id","list","name");--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("customer_id","at") WHERE customer_id IS NOT NULL;--> statement-breakpoint
-- One audit vocabulary (packages/contract/src/audit-vocabulary.ts): earlier rows named actions with
-- their entity ("customer.update"). Renamed once here, the append-only trigger paused for it alone.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "action" = CASE "action"
  WHEN 'customer.update' THEN 'update'
  WHEN 'customer.create' THEN 'create'
  WHEN 'customer.note' THEN 'add_note'
  WHEN 'customer.move_tier' THEN 'move_tier'
  WHEN 'customer_type.update' THEN 'update'
  WHEN 'customer_type.move_matching' THEN 'move_matching'
  WHEN 'restriction.add' THEN 'add'
  WHEN 'restriction.lift' THEN 'lift'
  WHEN 'approve_first_of_two' THEN 'approve'
  WHEN 'settle_buyer' THEN 'settle'
  WHEN 'settle_seller' THEN 'settle'
  ELSE "action" END
WHERE "action" IN ('customer.update', 'customer.create', 'customer.note', 'customer.move_tier',
  'customer_type.update', 'customer_type.move_matching', 'restriction.add', 'restriction.lift',
  'approve_first_of_two', 'settle_buyer', 'settle_seller');--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";
