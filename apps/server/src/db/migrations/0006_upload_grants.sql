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
ALTER TABLE "upload_grants" ADD CONSTRAINT "upload_grants_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_grants_entity_id_idx" ON "upload_grants" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "upload_grants_issued_at_idx" ON "upload_grants" USING btree ("issued_at");