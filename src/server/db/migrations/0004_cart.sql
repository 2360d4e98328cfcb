ALTER TABLE "cart_lines" ADD COLUMN "bundle_deal_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "address_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_bundle_deal_id_bundle_deals_id_fk" FOREIGN KEY ("bundle_deal_id") REFERENCES "public"."bundle_deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_item_uq" UNIQUE NULLS NOT DISTINCT("cart_id","product_id","inventory_id");