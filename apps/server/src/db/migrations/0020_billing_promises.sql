CREATE TABLE "billing_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"country" text,
	"vat_number" text,
	"name" text,
	"address" text,
	"stripe_customer_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "billing_invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text NOT NULL,
	"corrects_invoice_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_treatment" text NOT NULL,
	"payment" jsonb NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_ledger" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_ledger" ADD COLUMN "period_key" text;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "purpose" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "proration_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "proration_of_order_id" text;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "credit_applied_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "net_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "tax_treatment" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "anchor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_token_usage" ADD COLUMN "from_packs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_idx" ON "billing_invoices" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE INDEX "billing_invoices_user_idx" ON "billing_invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "billing_invoices_order_idx" ON "billing_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_one_per_order_idx" ON "billing_invoices" USING btree ("order_id") WHERE "billing_invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_one_note_idx" ON "billing_invoices" USING btree ("corrects_invoice_id","order_id") WHERE "billing_invoices"."kind" = 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_ledger_period_idx" ON "billing_ledger" USING btree ("user_id","kind","period_key");--> statement-breakpoint
UPDATE "billing_orders" SET "net_cents" = "total_cents";--> statement-breakpoint
UPDATE "billing_subscriptions" SET "anchor_at" = "current_period_end", "current_period_start" = "current_period_end" - (CASE WHEN "period" = 'yearly' THEN interval '1 year' ELSE interval '1 month' END);--> statement-breakpoint
WITH "closed" AS (UPDATE "billing_orders" o SET "status" = 'expired', "failure_reason" = 'replaced by a newer checkout' WHERE o."status" = 'pending' AND o."kind" = 'subscription' AND EXISTS (SELECT 1 FROM "billing_orders" n WHERE n."user_id" = o."user_id" AND n."status" = 'pending' AND n."kind" = 'subscription' AND (n."created_at", n."id") > (o."created_at", o."id")) RETURNING o."coupon_code")
UPDATE "billing_coupons" c SET "redemptions" = greatest(c."redemptions" - x."n", 0) FROM (SELECT "coupon_code", count(*)::int AS "n" FROM "closed" WHERE "coupon_code" IS NOT NULL GROUP BY "coupon_code") x WHERE c."code" = x."coupon_code";--> statement-breakpoint
WITH "closed" AS (UPDATE "billing_orders" o SET "status" = 'expired', "failure_reason" = 'replaced by a newer checkout' WHERE o."status" = 'pending' AND o."coupon_code" IS NOT NULL AND EXISTS (SELECT 1 FROM "billing_orders" n WHERE n."user_id" = o."user_id" AND n."status" = 'pending' AND n."coupon_code" = o."coupon_code" AND (n."created_at", n."id") > (o."created_at", o."id")) RETURNING o."coupon_code")
UPDATE "billing_coupons" c SET "redemptions" = greatest(c."redemptions" - x."n", 0) FROM (SELECT "coupon_code", count(*)::int AS "n" FROM "closed" GROUP BY "coupon_code") x WHERE c."code" = x."coupon_code";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_open_plan_idx" ON "billing_orders" USING btree ("user_id") WHERE "billing_orders"."status" = 'pending' and "billing_orders"."kind" = 'subscription' and "billing_orders"."purpose" = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_open_coupon_idx" ON "billing_orders" USING btree ("user_id","coupon_code") WHERE "billing_orders"."status" = 'pending' and "billing_orders"."coupon_code" is not null;