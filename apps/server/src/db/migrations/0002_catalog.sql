CREATE TABLE "catalog_items" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"item" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_kind_id_pk" PRIMARY KEY("kind","id")
);
