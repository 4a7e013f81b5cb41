CREATE TABLE "batch_cellar_steps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"vessel_id" uuid,
	"kind" text NOT NULL,
	"temperature" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
ALTER TABLE "batch_cellar_steps" ADD CONSTRAINT "batch_cellar_steps_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_cellar_steps" ADD CONSTRAINT "batch_cellar_steps_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_cellar_steps" ADD CONSTRAINT "batch_cellar_steps_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_cellar_steps" ADD CONSTRAINT "batch_cellar_steps_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_cellar_steps_entity_id_idx" ON "batch_cellar_steps" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "batch_cellar_steps_batch_idx" ON "batch_cellar_steps" USING btree ("batch_id","kind");