ALTER TABLE "physical_inventories" ADD COLUMN "keg_bbl" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD COLUMN "case_bbl" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD COLUMN "explanations" jsonb DEFAULT '[]'::jsonb NOT NULL;