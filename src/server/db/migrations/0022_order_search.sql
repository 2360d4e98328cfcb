CREATE INDEX "orders_no_prefix_idx" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin ((regexp_replace(coalesce("shipping_address" ->> 'phone', ''), '\D', '', 'g')) gin_trgm_ops);