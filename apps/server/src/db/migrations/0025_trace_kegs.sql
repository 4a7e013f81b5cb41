ALTER TABLE "recall_customers" ADD COLUMN "kegs_out" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_order_id_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "kegs_package_run_idx" ON "kegs" USING btree ("entity_id","package_run_id");