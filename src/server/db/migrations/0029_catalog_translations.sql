CREATE TABLE "catalog_translations" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_translations_kind_ref_id_lang_pk" PRIMARY KEY("kind","ref_id","lang"),
	CONSTRAINT "catalog_translations_kind_ck" CHECK ("catalog_translations"."kind" in ('category', 'sub_category', 'brand', 'collection'))
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"spec_labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_translations_product_id_lang_pk" PRIMARY KEY("product_id","lang")
);
--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_translations_lang_idx" ON "product_translations" USING btree ("lang");--> statement-breakpoint
-- A deleted category, sub-category, brand or collection takes its translated names with it.
CREATE FUNCTION catalog_translations_forget() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_translations WHERE kind = TG_ARGV[0] AND ref_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_translations_forget AFTER DELETE ON categories FOR EACH ROW EXECUTE FUNCTION catalog_translations_forget('category');--> statement-breakpoint
CREATE TRIGGER sub_categories_translations_forget AFTER DELETE ON sub_categories FOR EACH ROW EXECUTE FUNCTION catalog_translations_forget('sub_category');--> statement-breakpoint
CREATE TRIGGER brands_translations_forget AFTER DELETE ON brands FOR EACH ROW EXECUTE FUNCTION catalog_translations_forget('brand');--> statement-breakpoint
CREATE TRIGGER collections_translations_forget AFTER DELETE ON collections FOR EACH ROW EXECUTE FUNCTION catalog_translations_forget('collection');--> statement-breakpoint
-- The search document holds every language (issue 33): translated titles weigh like the title (A), translated
-- brand and category names like theirs (B), translated descriptions and specification labels like theirs (D).
-- A shopper's Arabic or French word finds the product whatever language the page is in.
CREATE OR REPLACE FUNCTION search_document(p_id integer, p_title text, p_description text, p_overview text, p_brand integer, p_category integer, p_sub integer) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('english', search_normalize(concat_ws(' ', p_title,
      (SELECT string_agg(t.title, ' ') FROM product_translations t WHERE t.product_id = p_id)))), 'A') ||
    setweight(to_tsvector('english', search_normalize(concat_ws(' ',
      (SELECT title FROM brands WHERE id = p_brand),
      (SELECT title FROM categories WHERE id = p_category),
      (SELECT title FROM sub_categories WHERE id = p_sub),
      (SELECT string_agg(c.name, ' ') FROM catalog_translations c
        WHERE (c.kind = 'brand' AND c.ref_id = p_brand) OR (c.kind = 'category' AND c.ref_id = p_category)
           OR (c.kind = 'sub_category' AND c.ref_id = p_sub))))), 'B') ||
    setweight(to_tsvector('english', search_normalize(
      (SELECT string_agg(t.title, ' ') FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p_id))), 'C') ||
    setweight(to_tsvector('english', search_normalize(concat_ws(' ',
      regexp_replace(p_overview, '<[^>]*>|&[a-z]+;', ' ', 'g'),
      regexp_replace(p_description, '<[^>]*>|&[a-z]+;', ' ', 'g'),
      (SELECT string_agg(s.name || ' ' || s.value, ' ') FROM product_specs s WHERE s.product_id = p_id),
      (SELECT string_agg(regexp_replace(t.description, '<[^>]*>|&[a-z]+;', ' ', 'g'), ' ') FROM product_translations t WHERE t.product_id = p_id),
      (SELECT string_agg(l.value, ' ') FROM product_translations t, jsonb_each_text(t.spec_labels) AS l WHERE t.product_id = p_id)))), 'D')
$$;--> statement-breakpoint
-- A product's translation written, changed or removed: its document is built again (as for its tags and specs),
-- and the dictionary counts the translated titles' words like the titles' (typo correction and suggestions).
CREATE TRIGGER product_translations_search_insert AFTER INSERT ON product_translations REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_translations_search_delete AFTER DELETE ON product_translations REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_translations_search_update AFTER UPDATE ON product_translations REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_refresh_changed_products();--> statement-breakpoint
CREATE TRIGGER product_translations_words_insert AFTER INSERT ON product_translations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
CREATE TRIGGER product_translations_words_delete AFTER DELETE ON product_translations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();--> statement-breakpoint
CREATE TRIGGER product_translations_words_rename AFTER UPDATE OF title ON product_translations FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION search_words_renamed();--> statement-breakpoint
-- A translated name of a brand or category: its products' documents again, its words in the dictionary.
CREATE FUNCTION catalog_translations_search() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r catalog_translations;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  -- Collections are not in the products' documents: their names would "correct" a search to a word that finds nothing.
  IF TG_OP <> 'DELETE' AND r.kind <> 'collection' THEN
    INSERT INTO search_words (word, taxonomy) SELECT w, true FROM search_words_of(NEW.name) AS w
      ON CONFLICT (word) DO UPDATE SET taxonomy = true;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.name IS NOT DISTINCT FROM NEW.name THEN RETURN NULL; END IF;
  IF r.kind = 'brand' THEN
    UPDATE products SET search_vector = NULL WHERE brand_id = r.ref_id;
  ELSIF r.kind = 'category' THEN
    UPDATE products SET search_vector = NULL WHERE category_id = r.ref_id;
  ELSIF r.kind = 'sub_category' THEN
    UPDATE products SET search_vector = NULL WHERE sub_category_id = r.ref_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalog_translations_search AFTER INSERT OR UPDATE OR DELETE ON catalog_translations FOR EACH ROW EXECUTE FUNCTION catalog_translations_search();
