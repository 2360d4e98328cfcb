CREATE TABLE "store_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "opened_on" date;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pickup_points" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "return_address" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pending_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pending_slug" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "name_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "name_refused_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pending_selling" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pending_offered" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "store_slug_redirects" ADD CONSTRAINT "store_slug_redirects_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_slug_redirects_store_idx" ON "store_slug_redirects" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "products_waiting_idx" ON "products" USING btree ("approval_requested_at") WHERE "products"."approval" = 'waiting' or "products"."pending_selling" is not null;