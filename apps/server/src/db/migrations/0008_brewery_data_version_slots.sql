CREATE TABLE "brewery_data_versions" (
	"entity_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "brewery_data_versions_entity_id_slot_pk" PRIMARY KEY("entity_id","slot")
);
--> statement-breakpoint
ALTER TABLE "brewery_data_versions" ADD CONSTRAINT "brewery_data_versions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Added by hand: each brewery's version so far becomes its slot 0, so no version ever goes back (ADR 218).
INSERT INTO "brewery_data_versions" ("entity_id", "slot", "version") SELECT "id", 0, "data_version" FROM "entities" WHERE "data_version" > 0;--> statement-breakpoint
ALTER TABLE "entities" DROP COLUMN "data_version";