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
CREATE INDEX "vessels_entity_id_idx" ON "vessels" USING btree ("entity_id");