CREATE TABLE "batch_sequences" (
	"entity_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "batch_sequences_entity_id_year_pk" PRIMARY KEY("entity_id","year")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"product_id" uuid,
	"product_name" text DEFAULT '' NOT NULL,
	"recipe_id" uuid,
	"recipe_snapshot" jsonb NOT NULL,
	"brewhouse_id" uuid NOT NULL,
	"brewhouse_version_id" uuid NOT NULL,
	"planned_brew_date" date NOT NULL,
	"target_volume_bbl" numeric(14, 5) NOT NULL,
	"target_volume_unit" text DEFAULT 'BBL' NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"fermenter_id" uuid,
	"brew_day_started_at" timestamp with time zone,
	"brew_day_finished_at" timestamp with time zone,
	"planned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brew_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"plan" jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"started_by" uuid,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"extended_minutes" integer DEFAULT 0 NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"actual" jsonb
);
--> statement-breakpoint
CREATE TABLE "brewhouse_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"brewhouse_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"constants" jsonb NOT NULL,
	"reason" text DEFAULT 'edited' NOT NULL,
	"note" jsonb,
	"saved_by" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brewhouses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liquid_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"batch_id" uuid,
	"kind" text NOT NULL,
	"from_vessel_id" uuid,
	"to_vessel_id" uuid,
	"volume_bbl" numeric(14, 5) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ttb_class" text NOT NULL,
	"details" jsonb,
	"supersedes_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"point" text NOT NULL,
	"quantity" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"sample_temperature" jsonb,
	"instrument" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"gravity" double precision,
	"gallons" double precision,
	"taken_by" uuid,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vessel_occupancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"vessel_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"planned_start" timestamp with time zone,
	"planned_end" timestamp with time zone,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"capacity_bbl" numeric(14, 5) NOT NULL,
	"working_capacity_bbl" numeric(14, 5) NOT NULL,
	"state" text DEFAULT 'clean' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finished_goods_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text DEFAULT '' NOT NULL,
	"package_type" text DEFAULT '' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"upc" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"units" integer NOT NULL,
	"volume_bbl" numeric(14, 5) DEFAULT '0' NOT NULL,
	"batch_id" uuid,
	"liquid_event_id" uuid,
	"customer" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
CREATE TABLE "inventory_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text DEFAULT 'below-par' NOT NULL,
	"available" numeric(16, 4) NOT NULL,
	"par_level" numeric(16, 4) NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"ingredient_id" text,
	"unit" text NOT NULL,
	"par_level" numeric(16, 4),
	"package_type_id" text,
	"per_unit" numeric(16, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"lot_code" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"best_before" date,
	"received_quantity" numeric(16, 4) NOT NULL,
	"entered_quantity" numeric(16, 4) NOT NULL,
	"entered_unit" text NOT NULL,
	"unit_cost_cents" bigint NOT NULL,
	"total_cost_cents" bigint NOT NULL,
	"alpha_acid" double precision,
	"color_lovibond" double precision,
	"extract_pct" double precision,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(16, 4) NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"release_reason" text
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"lot_id" uuid,
	"kind" text NOT NULL,
	"quantity" numeric(16, 4) NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"batch_id" uuid,
	"step_key" text,
	"reason" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
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
CREATE TABLE "cellar_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"vessel_id" uuid,
	"batch_id" uuid,
	"device_id" uuid,
	"subject" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid
);
--> statement-breakpoint
CREATE TABLE "cellar_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"clean_window_hours" integer DEFAULT 24 NOT NULL,
	"sanitise_window_hours" integer DEFAULT 4 NOT NULL,
	"alert_roles" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cleaning_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"vessel_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"chemical" text NOT NULL,
	"concentration" text DEFAULT '' NOT NULL,
	"temperature" jsonb,
	"duration_minutes" double precision,
	"verification" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"vessel_id" uuid,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_ingest_at" timestamp with time zone,
	"created_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"vessel_id" uuid NOT NULL,
	"batch_id" uuid,
	"device_id" uuid,
	"source" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gravity_sg" double precision,
	"temperature_c" double precision,
	"ph" double precision,
	"battery" double precision,
	"note" text DEFAULT '' NOT NULL,
	"entered" jsonb,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"cleaning_gap_hours" integer DEFAULT 4 NOT NULL,
	"feed_token_hash" text,
	"feed_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_sequences" ADD CONSTRAINT "batch_sequences_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_brewhouse_id_brewhouses_id_fk" FOREIGN KEY ("brewhouse_id") REFERENCES "public"."brewhouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_brewhouse_version_id_brewhouse_versions_id_fk" FOREIGN KEY ("brewhouse_version_id") REFERENCES "public"."brewhouse_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_fermenter_id_vessels_id_fk" FOREIGN KEY ("fermenter_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_planned_by_users_id_fk" FOREIGN KEY ("planned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brew_steps" ADD CONSTRAINT "brew_steps_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brew_steps" ADD CONSTRAINT "brew_steps_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brew_steps" ADD CONSTRAINT "brew_steps_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brew_steps" ADD CONSTRAINT "brew_steps_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brew_steps" ADD CONSTRAINT "brew_steps_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brewhouse_versions" ADD CONSTRAINT "brewhouse_versions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brewhouse_versions" ADD CONSTRAINT "brewhouse_versions_brewhouse_id_brewhouses_id_fk" FOREIGN KEY ("brewhouse_id") REFERENCES "public"."brewhouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brewhouse_versions" ADD CONSTRAINT "brewhouse_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brewhouses" ADD CONSTRAINT "brewhouses_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquid_events" ADD CONSTRAINT "liquid_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquid_events" ADD CONSTRAINT "liquid_events_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquid_events" ADD CONSTRAINT "liquid_events_from_vessel_id_vessels_id_fk" FOREIGN KEY ("from_vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquid_events" ADD CONSTRAINT "liquid_events_to_vessel_id_vessels_id_fk" FOREIGN KEY ("to_vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquid_events" ADD CONSTRAINT "liquid_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_occupancies" ADD CONSTRAINT "vessel_occupancies_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_occupancies" ADD CONSTRAINT "vessel_occupancies_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_occupancies" ADD CONSTRAINT "vessel_occupancies_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_goods_movements" ADD CONSTRAINT "finished_goods_movements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_goods_movements" ADD CONSTRAINT "finished_goods_movements_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_goods_movements" ADD CONSTRAINT "finished_goods_movements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brewery_tax_settings" ADD CONSTRAINT "brewery_tax_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brewery_tax_settings" ADD CONSTRAINT "brewery_tax_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_periods" ADD CONSTRAINT "report_periods_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_periods" ADD CONSTRAINT "report_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_alerts" ADD CONSTRAINT "cellar_alerts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_alerts" ADD CONSTRAINT "cellar_alerts_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_alerts" ADD CONSTRAINT "cellar_alerts_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_alerts" ADD CONSTRAINT "cellar_alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_alerts" ADD CONSTRAINT "cellar_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cellar_settings" ADD CONSTRAINT "cellar_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_events" ADD CONSTRAINT "cleaning_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_events" ADD CONSTRAINT "cleaning_events_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_events" ADD CONSTRAINT "cleaning_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD CONSTRAINT "schedule_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_entity_id_idx" ON "batches" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_entity_number_uq" ON "batches" USING btree ("entity_id","year","sequence");--> statement-breakpoint
CREATE INDEX "batches_brewhouse_version_id_idx" ON "batches" USING btree ("brewhouse_version_id");--> statement-breakpoint
CREATE INDEX "brew_steps_entity_id_idx" ON "brew_steps" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brew_steps_batch_key_uq" ON "brew_steps" USING btree ("batch_id","key");--> statement-breakpoint
CREATE INDEX "brewhouse_versions_entity_id_idx" ON "brewhouse_versions" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brewhouse_versions_brewhouse_version_uq" ON "brewhouse_versions" USING btree ("brewhouse_id","version");--> statement-breakpoint
CREATE INDEX "brewhouses_entity_id_idx" ON "brewhouses" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "liquid_events_entity_id_idx" ON "liquid_events" USING btree ("entity_id","occurred_at");--> statement-breakpoint
CREATE INDEX "liquid_events_batch_id_idx" ON "liquid_events" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "liquid_events_from_vessel_idx" ON "liquid_events" USING btree ("from_vessel_id");--> statement-breakpoint
CREATE INDEX "liquid_events_to_vessel_idx" ON "liquid_events" USING btree ("to_vessel_id");--> statement-breakpoint
CREATE INDEX "measurements_entity_id_idx" ON "measurements" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "measurements_batch_id_idx" ON "measurements" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "vessel_occupancies_entity_id_idx" ON "vessel_occupancies" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "vessel_occupancies_vessel_id_idx" ON "vessel_occupancies" USING btree ("vessel_id");--> statement-breakpoint
CREATE INDEX "vessel_occupancies_batch_id_idx" ON "vessel_occupancies" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "vessels_entity_id_idx" ON "vessels" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "finished_goods_movements_entity_id_idx" ON "finished_goods_movements" USING btree ("entity_id","package_id");--> statement-breakpoint
CREATE INDEX "finished_goods_movements_batch_id_idx" ON "finished_goods_movements" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finished_goods_movements_liquid_event_uq" ON "finished_goods_movements" USING btree ("liquid_event_id");--> statement-breakpoint
CREATE INDEX "inventory_alerts_entity_id_idx" ON "inventory_alerts" USING btree ("entity_id","resolved_at");--> statement-breakpoint
CREATE INDEX "inventory_items_entity_id_idx" ON "inventory_items" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_entity_ingredient_uq" ON "inventory_items" USING btree ("entity_id","ingredient_id");--> statement-breakpoint
CREATE INDEX "lots_entity_id_idx" ON "lots" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "lots_item_id_idx" ON "lots" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "reservations_entity_id_idx" ON "reservations" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "reservations_batch_id_idx" ON "reservations" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "reservations_item_id_idx" ON "reservations" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "stock_movements_entity_item_idx" ON "stock_movements" USING btree ("entity_id","item_id");--> statement-breakpoint
CREATE INDEX "stock_movements_lot_id_idx" ON "stock_movements" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "stock_movements_batch_id_idx" ON "stock_movements" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "physical_inventories_entity_id_idx" ON "physical_inventories" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "physical_inventories_entity_month_uq" ON "physical_inventories" USING btree ("entity_id","month");--> statement-breakpoint
CREATE INDEX "report_periods_entity_id_idx" ON "report_periods" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_periods_entity_report_period_uq" ON "report_periods" USING btree ("entity_id","report","period");--> statement-breakpoint
CREATE INDEX "cellar_alerts_entity_id_idx" ON "cellar_alerts" USING btree ("entity_id","raised_at");--> statement-breakpoint
CREATE INDEX "cellar_alerts_subject_idx" ON "cellar_alerts" USING btree ("entity_id","subject","kind");--> statement-breakpoint
CREATE INDEX "cleaning_events_entity_id_idx" ON "cleaning_events" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "cleaning_events_vessel_idx" ON "cleaning_events" USING btree ("vessel_id","occurred_at");--> statement-breakpoint
CREATE INDEX "devices_entity_id_idx" ON "devices" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_hash_uq" ON "devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "readings_entity_id_idx" ON "readings" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "readings_vessel_taken_idx" ON "readings" USING btree ("vessel_id","taken_at");--> statement-breakpoint
CREATE INDEX "readings_batch_taken_idx" ON "readings" USING btree ("batch_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_settings_feed_token_hash_uq" ON "schedule_settings" USING btree ("feed_token_hash");