CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"member_id" integer,
	"user_name" text,
	"ip" "inet",
	"user_agent" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "captcha_uses" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"required_kyc_level" smallint DEFAULT 0 NOT NULL,
	"commission_discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"rank" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"alias_name" text,
	"alias_surname" text,
	"alias_email" text,
	"mobile" text,
	"status" text,
	"user_ky" text,
	"kyc_type" text DEFAULT 'kyc' NOT NULL,
	"kyc_level" smallint DEFAULT 0 NOT NULL,
	"roles" text,
	"customer_type" text,
	"token_hash" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "p2p_offers" (
	"trade_market_guid" uuid PRIMARY KEY NOT NULL,
	"seller_user_name" text NOT NULL,
	"selling_contract_name" text,
	"selling_account_address" text,
	"unit_price" numeric(36, 18) NOT NULL,
	"rank_seller" integer,
	"seller_message" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "p2p_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_market_guid" uuid NOT NULL,
	"buyer_user_name" text NOT NULL,
	"trade_amount" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_tokens" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "staff_members_user_name_unique" UNIQUE("user_name")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"ip" "inet",
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "transaction_limits" (
	"lid" serial PRIMARY KEY NOT NULL,
	"limit_type" text NOT NULL,
	"contract_name" text,
	"wallet_address" text,
	"wallet_name" text,
	"min_amount" numeric(36, 18),
	"max_amount" numeric(36, 18),
	"daily_cap" numeric(36, 18),
	"monthly_cap" numeric(36, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"type" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) DEFAULT '0' NOT NULL,
	"from_address" text,
	"to_address" text,
	"tx_hash" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_type_customer_types_code_fk" FOREIGN KEY ("customer_type") REFERENCES "public"."customer_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_tokens" ADD CONSTRAINT "session_tokens_session_id_staff_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "access_log_failures_user_idx" ON "access_log" USING btree ("user_name","at") WHERE event = 'login_failed';--> statement-breakpoint
CREATE INDEX "access_log_failures_ip_idx" ON "access_log" USING btree ("ip","at") WHERE event = 'login_failed';--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_name_key" ON "customers" USING btree ("user_name");--> statement-breakpoint
CREATE INDEX "customers_create_date_idx" ON "customers" USING btree ("create_date");--> statement-breakpoint
CREATE INDEX "p2p_offers_status_idx" ON "p2p_offers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "p2p_trades_market_idx" ON "p2p_trades" USING btree ("trade_market_guid");--> statement-breakpoint
CREATE INDEX "p2p_trades_status_idx" ON "p2p_trades" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "session_tokens_session_idx" ON "session_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_member_idx" ON "staff_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_customer_idx" ON "wallet_transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_created_idx" ON "wallet_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_status_idx" ON "wallet_transactions" USING btree ("status","type");