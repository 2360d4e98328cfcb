CREATE TABLE "taxonomy_slug_redirects" (
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxonomy_slug_redirects_kind_slug_pk" PRIMARY KEY("kind","slug")
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "on_home" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "taxonomy_slug_redirects_target_idx" ON "taxonomy_slug_redirects" USING btree ("kind","target_id");