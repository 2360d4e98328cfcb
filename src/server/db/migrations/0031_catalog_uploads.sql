CREATE TABLE "catalog_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_uploads" ADD CONSTRAINT "catalog_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_uploads_user_idx" ON "catalog_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_selling_id_idx" ON "products" USING btree ("selling","id");--> statement-breakpoint
CREATE INDEX "products_title_id_idx" ON "products" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "products_stock_id_idx" ON "products" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_slug_trgm_idx" ON "products" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_idx" ON "products" USING btree ("sku");