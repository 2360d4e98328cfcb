CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_queries" (
	"query" text PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 1 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"taxonomy" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "search_queries_prefix_idx" ON "search_queries" USING btree ("query" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- One normaliser for documents and typed text, so both sides agree: lower case; "10,000" → "10000";
-- "usb c" / "usb-c" / "usb type-c" / "type-c" / "usbc" → "usbc"; "powerbank" → "power bank";
-- "wi-fi" → "wifi"; "micro usb" → "microusb"; a number and its unit join ("65 w" → "65w",
-- "10000 mAh" → "10000mah"); anything that is not a letter or digit becomes one space.
CREATE FUNCTION search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    regexp_replace(
      regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
        regexp_replace(regexp_replace(lower(coalesce(input, '')), '(\d),(\d{3})', '\1\2', 'g'), '(\d),(\d{3})', '\1\2', 'g'),
        'usb[\s_-]*(?:type[\s_-]*)?([abc])\M', 'usb\1', 'g'),
        '\mtype[\s_-]*c\M', 'usbc', 'g'),
        '\mpower[\s_-]*bank', 'power bank', 'g'),
        '\mwi[\s_-]*fi\M', 'wifi', 'g'),
        '\m(micro|mini)[\s_-]*usb\M', '\1usb', 'g'),
      '(\d)\s*(mah|wh|w|v|mm|cm|m|kg|g|gb|tb|hz|db|ml)\M', '\1\2', 'g'),
    '[^[:alnum:]]+', ' ', 'g'))
$$;--> statement-breakpoint
-- The dictionary words of a text: normalised, 2–40 characters, at least one letter, no stop words.
CREATE FUNCTION search_words_of(input text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(search_normalize(input), ' ') AS w
  WHERE length(w) BETWEEN 2 AND 40 AND w ~ '[[:alpha:]]' AND length(to_tsvector('english', w)) > 0
$$;--> statement-breakpoint
-- A product's weighted document: title (A) above brand and categories (B) above tags (C) above
-- overview, description and specs (D). English stemming, so "chargers" finds "charger".
CREATE FUNCTION search_document(p_id integer, p_title text, p_description text, p_overview text, p_brand integer, p_category integer, p_sub integer) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('english', search_normalize(p_title)), 'A') ||
    setweight(to_tsvector('english', search_normalize(concat_ws(' ',
      (SELECT title FROM brands WHERE id = p_brand),
      (SELECT title FROM categories WHERE id = p_category),
      (SELECT title FROM sub_categories WHERE id = p_sub)))), 'B') ||
    setweight(to_tsvector('english', search_normalize(
      (SELECT string_agg(t.title, ' ') FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p_id))), 'C') ||
    setweight(to_tsvector('english', search_normalize(concat_ws(' ',
      regexp_replace(p_overview, '<[^>]*>|&[a-z]+;', ' ', 'g'),
      regexp_replace(p_description, '<[^>]*>|&[a-z]+;', ' ', 'g'),
      (SELECT string_agg(s.name || ' ' || s.value, ' ') FROM product_specs s WHERE s.product_id = p_id)))), 'D')
$$;--> statement-breakpoint
CREATE FUNCTION products_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := search_document(NEW.id, NEW.title, NEW.description, NEW.overview, NEW.brand_id, NEW.category_id, NEW.sub_category_id);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Setting search_vector (to anything) recomputes it: other tables' triggers use that to refresh products.
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF title, description, overview, brand_id, category_id, sub_category_id, search_vector
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_vector();--> statement-breakpoint
CREATE FUNCTION search_refresh_changed_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_vector = NULL WHERE id IN (SELECT product_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_tags_search_insert AFTER INSERT ON product_tags REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_tags_search_delete AFTER DELETE ON product_tags REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_tags_search_update AFTER UPDATE ON product_tags REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_specs_search_insert AFTER INSERT ON product_specs REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_specs_search_delete AFTER DELETE ON product_specs REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_specs_search_update AFTER UPDATE ON product_specs REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
-- A renamed brand, category, subcategory or tag refreshes its products and adds its words.
CREATE FUNCTION search_taxonomy_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, taxonomy) SELECT w, true FROM search_words_of(NEW.title) AS w
    ON CONFLICT (word) DO UPDATE SET taxonomy = true;
  IF TG_OP = 'UPDATE' AND OLD.title IS DISTINCT FROM NEW.title THEN
    IF TG_TABLE_NAME = 'brands' THEN
      UPDATE products SET search_vector = NULL WHERE brand_id = NEW.id;
    ELSIF TG_TABLE_NAME = 'categories' THEN
      UPDATE products SET search_vector = NULL WHERE category_id = NEW.id;
    ELSIF TG_TABLE_NAME = 'sub_categories' THEN
      UPDATE products SET search_vector = NULL WHERE sub_category_id = NEW.id;
    ELSIF TG_TABLE_NAME = 'tags' THEN
      UPDATE products SET search_vector = NULL WHERE id IN (SELECT product_id FROM product_tags WHERE tag_id = NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER brands_search AFTER INSERT OR UPDATE OF title ON brands FOR EACH ROW EXECUTE FUNCTION search_taxonomy_changed();--> statement-breakpoint
CREATE TRIGGER categories_search AFTER INSERT OR UPDATE OF title ON categories FOR EACH ROW EXECUTE FUNCTION search_taxonomy_changed();--> statement-breakpoint
CREATE TRIGGER sub_categories_search AFTER INSERT OR UPDATE OF title ON sub_categories FOR EACH ROW EXECUTE FUNCTION search_taxonomy_changed();--> statement-breakpoint
CREATE TRIGGER tags_search AFTER INSERT OR UPDATE OF title ON tags FOR EACH ROW EXECUTE FUNCTION search_taxonomy_changed();--> statement-breakpoint
-- The dictionary counts the product titles holding each word; inserts and deletes are counted per
-- statement (bulk loads stay fast), a renamed product per row.
CREATE FUNCTION search_words_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, products)
    SELECT w, count(*) FROM new_rows AS r, search_words_of(r.title) AS w GROUP BY w
    ON CONFLICT (word) DO UPDATE SET products = search_words.products + excluded.products;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words AS s SET products = s.products - d.n
    FROM (SELECT w, count(*) AS n FROM old_rows AS r, search_words_of(r.title) AS w GROUP BY w) AS d
    WHERE s.word = d.w;
  DELETE FROM search_words WHERE products <= 0 AND NOT taxonomy;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words SET products = products - 1 WHERE word IN (SELECT search_words_of(OLD.title));
  INSERT INTO search_words (word, products) SELECT w, 1 FROM search_words_of(NEW.title) AS w
    ON CONFLICT (word) DO UPDATE SET products = search_words.products + 1;
  DELETE FROM search_words WHERE products <= 0 AND NOT taxonomy;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();--> statement-breakpoint
CREATE TRIGGER products_search_words_rename AFTER UPDATE OF title ON products FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION search_words_renamed();--> statement-breakpoint
-- Existing shops: index what is already there.
UPDATE products SET search_vector = NULL;--> statement-breakpoint
INSERT INTO search_words (word, products)
  SELECT w, count(*) FROM products AS p, search_words_of(p.title) AS w GROUP BY w;--> statement-breakpoint
INSERT INTO search_words (word, taxonomy)
  SELECT w, true FROM (SELECT title FROM brands UNION ALL SELECT title FROM categories UNION ALL SELECT title FROM sub_categories UNION ALL SELECT title FROM tags) AS t, search_words_of(t.title) AS w
  ON CONFLICT (word) DO UPDATE SET taxonomy = true;
