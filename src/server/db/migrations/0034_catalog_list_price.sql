ALTER TABLE "products" ADD COLUMN "list_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The price a tile shows when no flash sale runs: cardPriceOf (src/lib/price.ts) without the flash price, as
-- currentPriceSql (catalog/listing-sql.ts) reads it. A variant counts when it has attributes and is not archived;
-- one priced 0 sells at the product's own price.
CREATE FUNCTION product_list_price(p_id integer, p_selling integer, p_offered integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(least(min(i.price) FILTER (WHERE i.price > 0), CASE WHEN bool_or(i.price <= 0) THEN o.own END), o.own)
  FROM (SELECT CASE WHEN p_offered > 0 THEN p_offered ELSE p_selling END AS own) AS o
  LEFT JOIN inventories i ON i.product_id = p_id AND i.archived_at IS NULL
    AND EXISTS (SELECT 1 FROM inventory_attributes a WHERE a.inventory_id = i.id)
  GROUP BY o.own
$$;--> statement-breakpoint
-- Every row's list price, written by rewriting the table: an UPDATE would leave each row's old version behind, and
-- the embedded database has no autovacuum (a table twice its size, read by every scan until vacuumed and not smaller then).
ALTER TABLE "products" ALTER COLUMN "list_price" TYPE integer USING product_list_price(id, selling, offered);--> statement-breakpoint
CREATE FUNCTION products_list_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_price := product_list_price(NEW.id, NEW.selling, NEW.offered);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Setting list_price (to anything) asks for it again: the variants' triggers below do so.
CREATE TRIGGER products_list_price BEFORE INSERT OR UPDATE OF selling, offered, list_price
  ON products FOR EACH ROW EXECUTE FUNCTION products_list_price();--> statement-breakpoint
CREATE FUNCTION list_price_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET list_price = 0 WHERE id IN (SELECT product_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_price_variant_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET list_price = 0 WHERE id IN (OLD.product_id, NEW.product_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_price_attributes_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET list_price = 0
    WHERE id IN (SELECT i.product_id FROM inventories i JOIN changed_rows c ON c.inventory_id = i.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER inventories_list_price_insert AFTER INSERT ON inventories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_price_variants_changed();--> statement-breakpoint
CREATE TRIGGER inventories_list_price_delete AFTER DELETE ON inventories
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_price_variants_changed();--> statement-breakpoint
-- Row by row, and only when a price, an archive or the product changes: a sale's stock update must not write the product.
CREATE TRIGGER inventories_list_price_update AFTER UPDATE OF price, archived_at, product_id ON inventories FOR EACH ROW
  WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.archived_at IS DISTINCT FROM NEW.archived_at OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION list_price_variant_updated();--> statement-breakpoint
CREATE TRIGGER inventory_attributes_list_price_insert AFTER INSERT ON inventory_attributes
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_price_attributes_changed();--> statement-breakpoint
CREATE TRIGGER inventory_attributes_list_price_delete AFTER DELETE ON inventory_attributes
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_price_attributes_changed();--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("list_price","id") WHERE "products"."status" = 1 and "products"."approval" = 'approved';--> statement-breakpoint
CREATE INDEX "products_on_sale_category_price_idx" ON "products" USING btree ("category_id","list_price","id") WHERE "products"."status" = 1 and "products"."approval" = 'approved';--> statement-breakpoint
CREATE INDEX "products_on_sale_category_rating_idx" ON "products" USING btree ("category_id","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 1 and "products"."approval" = 'approved';--> statement-breakpoint
CREATE INDEX "products_on_sale_category_idx" ON "products" USING btree ("category_id","store_id","sub_category_id","brand_id") WHERE "products"."status" = 1 and "products"."approval" = 'approved';
