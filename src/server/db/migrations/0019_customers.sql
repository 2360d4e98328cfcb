CREATE TABLE "customer_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"author_id" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_user_idx" ON "customer_notes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- Issue 32: an order's version rises with every change of the order, its shipments or its returns, whatever
-- code path makes it; the back office refuses an action drawn at an older version ("this order changed").
CREATE OR REPLACE FUNCTION "orders_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_version_trg" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_bump_version"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_child_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "version" = "version" WHERE "id" = NEW."order_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "shipments_order_version_trg" AFTER INSERT OR UPDATE ON "shipments" FOR EACH ROW EXECUTE FUNCTION "orders_child_bump_version"();--> statement-breakpoint
CREATE TRIGGER "order_returns_order_version_trg" AFTER INSERT OR UPDATE ON "order_returns" FOR EACH ROW EXECUTE FUNCTION "orders_child_bump_version"();
