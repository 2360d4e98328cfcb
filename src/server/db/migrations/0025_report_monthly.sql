CREATE TABLE "report_monthly" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"payment_method" integer NOT NULL,
	"country" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"new_store_customers" integer DEFAULT 0 NOT NULL,
	"returning_orders" integer DEFAULT 0 NOT NULL,
	"returning_store_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_monthly_month_store_id_payment_method_country_pk" PRIMARY KEY("month","store_id","payment_method","country")
);
--> statement-breakpoint
CREATE TABLE "report_monthly_products" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_monthly_products_month_store_id_product_id_pk" PRIMARY KEY("month","store_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "report_monthly_store_idx" ON "report_monthly" USING btree ("store_id","month");--> statement-breakpoint
CREATE INDEX "report_monthly_products_store_idx" ON "report_monthly_products" USING btree ("store_id","month");--> statement-breakpoint
-- Monthly roll-ups (docs/decisions/0030-reports.md): the fold moves each change into its day and its month in one
-- statement; the recount fills the months from the days.
CREATE OR REPLACE FUNCTION report_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(73170017) THEN RETURN 0; END IF;
  WITH moved AS (DELETE FROM report_changes RETURNING *),
  orders_by AS (
    SELECT day, store_id, payment_method, country, sum(orders) AS orders, sum(gross) AS gross, sum(discount) AS discount, sum(tax) AS tax,
      sum(shipping) AS shipping, sum(refunds) AS refunds, sum(refund_count) AS refund_count, sum(new_customers) AS new_customers,
      sum(new_store_customers) AS new_store_customers, sum(returning_orders) AS returning_orders, sum(returning_store_orders) AS returning_store_orders
    FROM moved WHERE level = 0 GROUP BY day, store_id, payment_method, country
  ),
  products_by AS (
    SELECT day, store_id, product_id, sum(orders) AS orders, sum(units) AS units, sum(gross) AS gross, sum(refunds) AS refunds
    FROM moved WHERE level = 1 GROUP BY day, store_id, product_id
  ),
  a AS (
    INSERT INTO report_daily AS d (day, store_id, payment_method, country, orders, gross, discount, tax, shipping, refunds, refund_count,
      new_customers, new_store_customers, returning_orders, returning_store_orders)
    SELECT * FROM orders_by ORDER BY day, store_id, payment_method, country
    ON CONFLICT (day, store_id, payment_method, country) DO UPDATE SET orders = d.orders + excluded.orders, gross = d.gross + excluded.gross,
      discount = d.discount + excluded.discount, tax = d.tax + excluded.tax, shipping = d.shipping + excluded.shipping,
      refunds = d.refunds + excluded.refunds, refund_count = d.refund_count + excluded.refund_count,
      new_customers = d.new_customers + excluded.new_customers, new_store_customers = d.new_store_customers + excluded.new_store_customers,
      returning_orders = d.returning_orders + excluded.returning_orders,
      returning_store_orders = d.returning_store_orders + excluded.returning_store_orders
  ),
  b AS (
    INSERT INTO report_daily_products AS d (day, store_id, product_id, orders, units, gross, refunds)
    SELECT * FROM products_by ORDER BY day, store_id, product_id
    ON CONFLICT (day, store_id, product_id) DO UPDATE SET orders = d.orders + excluded.orders, units = d.units + excluded.units,
      gross = d.gross + excluded.gross, refunds = d.refunds + excluded.refunds
  ),
  c AS (
    INSERT INTO report_monthly AS d (month, store_id, payment_method, country, orders, gross, discount, tax, shipping, refunds, refund_count,
      new_customers, new_store_customers, returning_orders, returning_store_orders)
    SELECT date_trunc('month', day)::date, store_id, payment_method, country, sum(orders), sum(gross), sum(discount), sum(tax), sum(shipping),
      sum(refunds), sum(refund_count), sum(new_customers), sum(new_store_customers), sum(returning_orders), sum(returning_store_orders)
    FROM orders_by GROUP BY 1, store_id, payment_method, country ORDER BY 1, store_id, payment_method, country
    ON CONFLICT (month, store_id, payment_method, country) DO UPDATE SET orders = d.orders + excluded.orders, gross = d.gross + excluded.gross,
      discount = d.discount + excluded.discount, tax = d.tax + excluded.tax, shipping = d.shipping + excluded.shipping,
      refunds = d.refunds + excluded.refunds, refund_count = d.refund_count + excluded.refund_count,
      new_customers = d.new_customers + excluded.new_customers, new_store_customers = d.new_store_customers + excluded.new_store_customers,
      returning_orders = d.returning_orders + excluded.returning_orders,
      returning_store_orders = d.returning_store_orders + excluded.returning_store_orders
  ),
  e AS (
    INSERT INTO report_monthly_products AS d (month, store_id, product_id, orders, units, gross, refunds)
    SELECT date_trunc('month', day)::date, store_id, product_id, sum(orders), sum(units), sum(gross), sum(refunds)
    FROM products_by GROUP BY 1, store_id, product_id ORDER BY 1, store_id, product_id
    ON CONFLICT (month, store_id, product_id) DO UPDATE SET orders = d.orders + excluded.orders, units = d.units + excluded.units,
      gross = d.gross + excluded.gross, refunds = d.refunds + excluded.refunds
  )
  SELECT count(*) INTO n FROM moved;
  RETURN n;
END $$;--> statement-breakpoint
ALTER FUNCTION report_recount() RENAME TO report_recount_days;--> statement-breakpoint
CREATE FUNCTION report_months() RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_monthly;
  DELETE FROM report_monthly_products;
  INSERT INTO report_monthly (month, store_id, payment_method, country, orders, gross, discount, tax, shipping, refunds, refund_count,
    new_customers, new_store_customers, returning_orders, returning_store_orders)
  SELECT date_trunc('month', day)::date, store_id, payment_method, country, sum(orders), sum(gross), sum(discount), sum(tax), sum(shipping),
    sum(refunds), sum(refund_count), sum(new_customers), sum(new_store_customers), sum(returning_orders), sum(returning_store_orders)
  FROM report_daily GROUP BY 1, store_id, payment_method, country;
  INSERT INTO report_monthly_products (month, store_id, product_id, orders, units, gross, refunds)
  SELECT date_trunc('month', day)::date, store_id, product_id, sum(orders), sum(units), sum(gross), sum(refunds)
  FROM report_daily_products GROUP BY 1, store_id, product_id;
$$;--> statement-breakpoint
-- Recounts the days from the orders, their lines, cancellations and refunds, then the months from the days.
CREATE FUNCTION report_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_recount_days();
  PERFORM report_months();
END $$;--> statement-breakpoint
SELECT report_fold();--> statement-breakpoint
SELECT report_months();
