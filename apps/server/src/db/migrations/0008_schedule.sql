CREATE TABLE "schedule_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"cleaning_gap_hours" integer DEFAULT 4 NOT NULL,
	"feed_token_hash" text,
	"feed_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD CONSTRAINT "schedule_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_settings_feed_token_hash_uq" ON "schedule_settings" USING btree ("feed_token_hash");