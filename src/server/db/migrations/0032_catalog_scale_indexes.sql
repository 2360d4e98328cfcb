DROP INDEX "products_sub_category_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_store_idx";--> statement-breakpoint
CREATE INDEX "products_sub_category_sold_idx" ON "products" USING btree ("sub_category_id","sold_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_brand_sold_idx" ON "products" USING btree ("brand_id","sold_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_store_sold_idx" ON "products" USING btree ("store_id","sold_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);