ALTER TABLE "liquid_events" ADD COLUMN "superseded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An event is superseded when a correction of the same brewery names it (`supersedes_id`); the TTB reports' summary
-- sums the events no correction supersedes (ADR 420). The database keeps the flag in the writing transaction: a row
-- computes its own flag when written, and a correction written, moved or deleted marks the event it names again.
UPDATE "liquid_events" le SET "superseded" = true WHERE EXISTS (
  SELECT 1 FROM "liquid_events" c WHERE c."entity_id" = le."entity_id" AND c."supersedes_id" = le."id");--> statement-breakpoint
CREATE FUNCTION "liquid_events_superseded_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."superseded" := EXISTS (
    SELECT 1 FROM "liquid_events" c WHERE c."entity_id" = NEW."entity_id" AND c."supersedes_id" = NEW."id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "liquid_events_superseded_of_row" BEFORE INSERT OR UPDATE ON "liquid_events"
  FOR EACH ROW EXECUTE FUNCTION "liquid_events_superseded_of_row"();--> statement-breakpoint
CREATE FUNCTION "liquid_events_superseded_of_target"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The event a correction names no longer (update, delete): written again, its row trigger recomputes its flag.
  IF TG_OP <> 'INSERT' AND OLD."supersedes_id" IS NOT NULL THEN
    UPDATE "liquid_events" SET "superseded" = false
    WHERE "id" = OLD."supersedes_id" AND "entity_id" = OLD."entity_id" AND "superseded";
  END IF;
  -- The event a correction names now.
  IF TG_OP <> 'DELETE' AND NEW."supersedes_id" IS NOT NULL THEN
    UPDATE "liquid_events" SET "superseded" = true
    WHERE "id" = NEW."supersedes_id" AND "entity_id" = NEW."entity_id" AND NOT "superseded";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "liquid_events_superseded_of_target_insert" AFTER INSERT ON "liquid_events"
  FOR EACH ROW WHEN (NEW."supersedes_id" IS NOT NULL) EXECUTE FUNCTION "liquid_events_superseded_of_target"();--> statement-breakpoint
CREATE TRIGGER "liquid_events_superseded_of_target_update" AFTER UPDATE OF "supersedes_id", "entity_id" ON "liquid_events"
  FOR EACH ROW WHEN (OLD."supersedes_id" IS DISTINCT FROM NEW."supersedes_id" OR OLD."entity_id" IS DISTINCT FROM NEW."entity_id")
  EXECUTE FUNCTION "liquid_events_superseded_of_target"();--> statement-breakpoint
CREATE TRIGGER "liquid_events_superseded_of_target_delete" AFTER DELETE ON "liquid_events"
  FOR EACH ROW WHEN (OLD."supersedes_id" IS NOT NULL) EXECUTE FUNCTION "liquid_events_superseded_of_target"();
