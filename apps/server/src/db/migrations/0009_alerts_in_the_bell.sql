ALTER TABLE "cellar_alerts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
-- Par-level alerts move into the brewery's alerts (docs/decisions/220-par-level-alerts-in-the-bell.md): the open
-- ones are copied across (already announced), the resolved ones are history the new table does not need.
INSERT INTO "cellar_alerts" ("entity_id", "kind", "message", "subject", "raised_at", "mailed")
SELECT a."entity_id", 'below-par', i."name" || ': under its par level', 'item:' || a."item_id", a."raised_at", true
FROM "inventory_alerts" a JOIN "inventory_items" i ON i."id" = a."item_id"
WHERE a."resolved_at" IS NULL;--> statement-breakpoint
DROP TABLE "inventory_alerts" CASCADE;
