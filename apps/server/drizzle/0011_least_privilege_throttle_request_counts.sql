-- Request counts for the rate limits every node shares (plugins/rate-limit.ts). Unlogged: counts lost
-- in a crash cost nothing, and each counted request writes no write-ahead log.
CREATE UNLOGGED TABLE "request_counts" (
	"window_start" timestamp with time zone NOT NULL,
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "request_counts_window_start_bucket_subject_pk" PRIMARY KEY("window_start","bucket","subject")
);
--> statement-breakpoint
-- Sign-in throttling (docs/decisions/0006-sign-in-throttling.md): an account's last sign-in from an
-- address and its last cleared throttle.
CREATE INDEX "access_log_sign_ins_user_idx" ON "access_log" USING btree ("user_name","event","at") WHERE event IN ('login', 'throttle_cleared');