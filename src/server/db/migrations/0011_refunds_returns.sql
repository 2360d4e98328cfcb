CREATE TABLE "order_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payment_refunds_charge_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_ref" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "kind" text DEFAULT 'stray' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "shipping" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "restock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_open_idx" ON "order_returns" USING btree ("id") WHERE status in ('requested', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_order_key_uq" ON "payment_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_charge_uq" ON "payment_refunds" USING btree ("gateway","charge_ref") WHERE kind = 'stray';