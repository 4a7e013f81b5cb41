ALTER TABLE "keg_events" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "keg_events" ADD COLUMN "liquid_event_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "keg_asset_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keg_events" ADD CONSTRAINT "keg_events_liquid_event_id_liquid_events_id_fk" FOREIGN KEY ("liquid_event_id") REFERENCES "public"."liquid_events"("id") ON DELETE no action ON UPDATE no action;