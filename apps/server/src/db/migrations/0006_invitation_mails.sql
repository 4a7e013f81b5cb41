CREATE TABLE "invitation_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_mails" ADD CONSTRAINT "invitation_mails_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_mails_entity_sent_idx" ON "invitation_mails" USING btree ("entity_id","sent_at");--> statement-breakpoint
CREATE INDEX "invitation_mails_email_sent_idx" ON "invitation_mails" USING btree ("email","sent_at");