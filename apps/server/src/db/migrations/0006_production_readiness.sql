CREATE TABLE "idp_attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_grants" (
	"s3_key" text PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "open_session_id" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_mails" ADD CONSTRAINT "invitation_mails_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_grants" ADD CONSTRAINT "upload_grants_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_attempt_counters_window_started_at_idx" ON "idp_attempt_counters" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_account_id_idx" ON "password_reset_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "invitation_mails_entity_sent_idx" ON "invitation_mails" USING btree ("entity_id","sent_at");--> statement-breakpoint
CREATE INDEX "invitation_mails_email_sent_idx" ON "invitation_mails" USING btree ("email","sent_at");--> statement-breakpoint
CREATE INDEX "upload_grants_entity_id_idx" ON "upload_grants" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "upload_grants_issued_at_idx" ON "upload_grants" USING btree ("issued_at");