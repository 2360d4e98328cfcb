ALTER TABLE "blog_posts" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_shop_name_uq" ON "sellers" USING btree (lower("shop_name"));--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;