CREATE TABLE "seller_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"order_id" integer,
	"order_line_id" integer,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_ledger_kind_ck" CHECK ("seller_ledger"."kind" in ('sale', 'commission', 'refund', 'refund_commission', 'payout'))
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "commission_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_share" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_ledger_store_idx" ON "seller_ledger" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "seller_ledger_store_at_idx" ON "seller_ledger" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_ledger_order_idx" ON "seller_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_ledger_sale_uq" ON "seller_ledger" USING btree ("order_id","kind",coalesce("order_line_id", 0)) WHERE "seller_ledger"."kind" in ('sale', 'commission');--> statement-breakpoint
CREATE FUNCTION "seller_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the author's link may change (their account deleted: set null); a row itself is never rewritten or removed.
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'seller_ledger is append-only: write a new line instead';
  END IF;
  IF (NEW.id, NEW.store_id, NEW.kind, NEW.amount_minor, NEW.order_id, NEW.order_line_id, NEW.reference, NEW.note, NEW.created_at)
      IS DISTINCT FROM (OLD.id, OLD.store_id, OLD.kind, OLD.amount_minor, OLD.order_id, OLD.order_line_id, OLD.reference, OLD.note, OLD.created_at) THEN
    RAISE EXCEPTION 'seller_ledger is append-only: write a new line instead';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "seller_ledger_append_only" BEFORE UPDATE OR DELETE ON "seller_ledger" FOR EACH ROW EXECUTE FUNCTION "seller_ledger_append_only"();
