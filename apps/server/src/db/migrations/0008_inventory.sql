CREATE TABLE "finished_goods_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text DEFAULT '' NOT NULL,
	"package_type" text DEFAULT '' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"upc" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"units" integer NOT NULL,
	"volume_bbl" numeric(14, 5) DEFAULT '0' NOT NULL,
	"batch_id" uuid,
	"liquid_event_id" uuid,
	"customer" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
CREATE TABLE "inventory_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text DEFAULT 'below-par' NOT NULL,
	"available" numeric(16, 4) NOT NULL,
	"par_level" numeric(16, 4) NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"ingredient_id" text,
	"unit" text NOT NULL,
	"par_level" numeric(16, 4),
	"package_type_id" text,
	"per_unit" numeric(16, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"lot_code" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"best_before" date,
	"received_quantity" numeric(16, 4) NOT NULL,
	"entered_quantity" numeric(16, 4) NOT NULL,
	"entered_unit" text NOT NULL,
	"unit_cost_cents" bigint NOT NULL,
	"total_cost_cents" bigint NOT NULL,
	"alpha_acid" double precision,
	"color_lovibond" double precision,
	"extract_pct" double precision,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(16, 4) NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"release_reason" text
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"lot_id" uuid,
	"kind" text NOT NULL,
	"quantity" numeric(16, 4) NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"batch_id" uuid,
	"step_key" text,
	"reason" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
ALTER TABLE "finished_goods_movements" ADD CONSTRAINT "finished_goods_movements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_goods_movements" ADD CONSTRAINT "finished_goods_movements_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_goods_movements" ADD CONSTRAINT "finished_goods_movements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finished_goods_movements_entity_id_idx" ON "finished_goods_movements" USING btree ("entity_id","package_id");--> statement-breakpoint
CREATE INDEX "finished_goods_movements_batch_id_idx" ON "finished_goods_movements" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finished_goods_movements_liquid_event_uq" ON "finished_goods_movements" USING btree ("liquid_event_id");--> statement-breakpoint
CREATE INDEX "inventory_alerts_entity_id_idx" ON "inventory_alerts" USING btree ("entity_id","resolved_at");--> statement-breakpoint
CREATE INDEX "inventory_items_entity_id_idx" ON "inventory_items" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_entity_ingredient_uq" ON "inventory_items" USING btree ("entity_id","ingredient_id");--> statement-breakpoint
CREATE INDEX "lots_entity_id_idx" ON "lots" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "lots_item_id_idx" ON "lots" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "reservations_entity_id_idx" ON "reservations" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "reservations_batch_id_idx" ON "reservations" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "reservations_item_id_idx" ON "reservations" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "stock_movements_entity_item_idx" ON "stock_movements" USING btree ("entity_id","item_id");--> statement-breakpoint
CREATE INDEX "stock_movements_lot_id_idx" ON "stock_movements" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "stock_movements_batch_id_idx" ON "stock_movements" USING btree ("batch_id");