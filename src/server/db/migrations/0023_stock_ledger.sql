CREATE TABLE "stock_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"inventory_id" integer,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_ck" CHECK ("stock_ledger"."reason" in ('received', 'counted', 'damaged', 'order', 'cancel', 'return'))
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("id") WHERE "products"."stock" > 0 and "products"."stock" <= "products"."low_stock";--> statement-breakpoint
-- Stock is never below zero from now on (a database check); an existing negative count becomes 0 first.
UPDATE "products" SET "stock" = 0 WHERE "stock" < 0;--> statement-breakpoint
UPDATE "inventories" SET "quantity" = 0 WHERE "quantity" < 0;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_quantity_ck" CHECK ("inventories"."quantity" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_ck" CHECK ("products"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_ck" CHECK ("products"."low_stock" >= 0);;--> statement-breakpoint
-- The opening count: one "counted" row per product and variant holding stock, so the ledger's sum is the stock from the start.
INSERT INTO "stock_ledger" ("product_id", "inventory_id", "change", "reason", "note")
  SELECT "id", NULL, "stock", 'counted', 'opening' FROM "products" WHERE "stock" <> 0;--> statement-breakpoint
INSERT INTO "stock_ledger" ("product_id", "inventory_id", "change", "reason", "note")
  SELECT "product_id", "id", "quantity", 'counted', 'opening' FROM "inventories" WHERE "quantity" <> 0;--> statement-breakpoint
-- Every later change of products.stock or inventories.quantity writes its row in the changing transaction. The writer
-- explains it with transaction-local settings (voltmart.stock_reason, _note, _actor, _order; catalog/stock-ledger.ts);
-- a change nobody explained (the command line's import, the demo load) is "counted".
CREATE FUNCTION stock_ledger_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
  why text := coalesce(nullif(current_setting('voltmart.stock_reason', true), ''), 'counted');
  note text := coalesce(current_setting('voltmart.stock_note', true), '');
  who integer := nullif(current_setting('voltmart.stock_actor', true), '')::integer;
  ord integer := nullif(current_setting('voltmart.stock_order', true), '')::integer;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    delta := NEW.stock - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END;
    IF delta <> 0 THEN
      INSERT INTO stock_ledger (product_id, inventory_id, change, reason, note, actor_id, order_id)
        VALUES (NEW.id, NULL, delta, why, note, who, ord);
    END IF;
  ELSE
    delta := NEW.quantity - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.quantity END;
    IF delta <> 0 THEN
      INSERT INTO stock_ledger (product_id, inventory_id, change, reason, note, actor_id, order_id)
        VALUES (NEW.product_id, NEW.id, delta, why, note, who, ord);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_stock_ledger AFTER INSERT OR UPDATE OF stock ON products
  FOR EACH ROW EXECUTE FUNCTION stock_ledger_write();--> statement-breakpoint
CREATE TRIGGER inventories_stock_ledger AFTER INSERT OR UPDATE OF quantity ON inventories
  FOR EACH ROW EXECUTE FUNCTION stock_ledger_write();
