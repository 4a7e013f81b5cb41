CREATE TABLE "keg_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"keg_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"batch_id" uuid,
	"package_run_id" uuid,
	"customer_id" uuid,
	"order_id" uuid,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"write_off_cents" bigint DEFAULT 0 NOT NULL,
	"charged_cents" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keg_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"days_out_limit" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kegs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"asset_number" text NOT NULL,
	"size" text NOT NULL,
	"owner" text NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"purchased_on" date,
	"cost_cents" bigint,
	"status" text DEFAULT 'clean' NOT NULL,
	"since" timestamp with time zone,
	"customer_id" uuid,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"batch_id" uuid,
	"package_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_keg_id_kegs_id_fk" FOREIGN KEY ("keg_id") REFERENCES "public"."kegs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keg_settings" ADD CONSTRAINT "keg_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kegs" ADD CONSTRAINT "kegs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kegs" ADD CONSTRAINT "kegs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kegs" ADD CONSTRAINT "kegs_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keg_events_keg_id_idx" ON "keg_events" USING btree ("keg_id","occurred_at");--> statement-breakpoint
CREATE INDEX "keg_events_entity_id_idx" ON "keg_events" USING btree ("entity_id","occurred_at");--> statement-breakpoint
CREATE INDEX "keg_events_customer_id_idx" ON "keg_events" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "keg_events_order_id_idx" ON "keg_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "keg_events_batch_id_idx" ON "keg_events" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kegs_entity_asset_number_uq" ON "kegs" USING btree ("entity_id","asset_number");--> statement-breakpoint
CREATE INDEX "kegs_entity_status_idx" ON "kegs" USING btree ("entity_id","status");--> statement-breakpoint
CREATE INDEX "kegs_customer_id_idx" ON "kegs" USING btree ("customer_id");