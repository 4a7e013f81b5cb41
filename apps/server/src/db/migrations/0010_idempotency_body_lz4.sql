-- A write's stored response is compressed with lz4 where the server has it (docs/decisions/222-write-path-statements-prepared.md):
-- pglz spent a sixth of PostgreSQL's CPU compressing a renamed product's answer at 900 writes/s. PGlite has
-- only pglz and keeps it. Only values written from now on change; nothing is rewritten.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    EXECUTE 'ALTER TABLE "idempotency_records" ALTER COLUMN "body" SET COMPRESSION lz4';
  END IF;
END $$;
