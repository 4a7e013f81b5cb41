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
CREATE INDEX "cellar_alerts_entity_id_idx" ON "cellar_alerts" USING btree ("entity_id","raised_at");--> statement-breakpoint
CREATE INDEX "cellar_alerts_subject_idx" ON "cellar_alerts" USING btree ("entity_id","subject","kind");--> statement-breakpoint
CREATE INDEX "cleaning_events_entity_id_idx" ON "cleaning_events" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "cleaning_events_vessel_idx" ON "cleaning_events" USING btree ("vessel_id","occurred_at");--> statement-breakpoint
CREATE INDEX "devices_entity_id_idx" ON "devices" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_hash_uq" ON "devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "readings_entity_id_idx" ON "readings" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "readings_vessel_taken_idx" ON "readings" USING btree ("vessel_id","taken_at");--> statement-breakpoint
CREATE INDEX "readings_batch_taken_idx" ON "readings" USING btree ("batch_id","taken_at");