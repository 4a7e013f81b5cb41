CREATE TABLE "brewery_tax_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"reduced_rate_eligible" boolean NOT NULL,
	"controlled_group_share_bp" integer NOT NULL,
	"excise_filing_frequency" text NOT NULL,
	"operations_report_frequency" text NOT NULL,
	"brewers_notice_number" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physical_inventories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"month" text NOT NULL,
	"bulk_bbl" numeric(14, 5) NOT NULL,
	"packaged_bbl" numeric(14, 5) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"counted_by" uuid,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_periods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"report" text NOT NULL,
	"period" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"snapshot" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brewery_tax_settings" ADD CONSTRAINT "brewery_tax_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brewery_tax_settings" ADD CONSTRAINT "brewery_tax_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_periods" ADD CONSTRAINT "report_periods_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_periods" ADD CONSTRAINT "report_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "physical_inventories_entity_id_idx" ON "physical_inventories" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "physical_inventories_entity_month_uq" ON "physical_inventories" USING btree ("entity_id","month");--> statement-breakpoint
CREATE INDEX "report_periods_entity_id_idx" ON "report_periods" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_periods_entity_report_period_uq" ON "report_periods" USING btree ("entity_id","report","period");