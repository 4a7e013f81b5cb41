-- The brewery's time zone (docs/decisions/224-report-periods-in-the-brewery-time-zone.md): every brewery
-- keeps UTC, where its reports were cut so far, until an Admin chooses its own.
ALTER TABLE "brewery_tax_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;