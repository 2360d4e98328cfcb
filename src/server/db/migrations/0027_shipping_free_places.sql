ALTER TABLE "shipping_places" ADD COLUMN "free_shipping_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_rules" ADD COLUMN "free_shipping_min" integer DEFAULT 0 NOT NULL;