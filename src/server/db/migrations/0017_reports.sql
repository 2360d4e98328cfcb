CREATE TABLE "report_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"level" smallint NOT NULL,
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"payment_method" integer DEFAULT 0 NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"product_id" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"new_store_customers" integer DEFAULT 0 NOT NULL,
	"returning_orders" integer DEFAULT 0 NOT NULL,
	"returning_store_orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"day" date NOT NULL,
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
	CONSTRAINT "report_daily_day_store_id_payment_method_country_pk" PRIMARY KEY("day","store_id","payment_method","country")
);
--> statement-breakpoint
CREATE TABLE "report_daily_products" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_products_day_store_id_product_id_pk" PRIMARY KEY("day","store_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "report_daily_store_idx" ON "report_daily" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "report_daily_products_store_idx" ON "report_daily_products" USING btree ("store_id","day");--> statement-breakpoint
-- Reports (docs/decisions/0030-reports.md): triggers append what each order, its lines, its cancellation and
-- each operator's refund add to the figures into report_changes, in the same transaction; reports/fold.ts
-- folds them into the daily roll-ups. report_changes is append-only, so concurrent checkouts never wait.
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"), "id");--> statement-breakpoint
CREATE FUNCTION report_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
  select coalesce(nullif((select value->>'time_zone' from settings where key = 'setting'), ''), 'UTC')
$$;--> statement-breakpoint
-- The shop-time-zone day of a moment (UTC when the stored zone is unknown to the server).
CREATE FUNCTION report_day(at timestamptz) RETURNS date LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (at AT TIME ZONE report_time_zone())::date;
EXCEPTION WHEN others THEN
  RETURN (at AT TIME ZONE 'UTC')::date;
END $$;--> statement-breakpoint
CREATE FUNCTION report_country(shipping jsonb, billing jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select coalesce(nullif(upper(shipping->>'country'), ''), nullif(upper(billing->>'country'), ''), '')
$$;--> statement-breakpoint
CREATE FUNCTION report_order_change(o orders, s integer, customers boolean) RETURNS void LANGUAGE sql AS $$
  insert into report_changes (level, day, store_id, payment_method, country, orders, gross, discount, tax, shipping,
    new_customers, new_store_customers, returning_orders, returning_store_orders)
  values (0, report_day(o.created_at), coalesce(o.store_id, 0), o.payment_method, report_country(o.shipping_address, o.billing_address),
    s, s * o.subtotal, s * o.discount, s * o.tax, s * o.shipping_total,
    case when customers and not exists (select 1 from orders p where lower(p.email) = lower(o.email) and p.id < o.id) then s else 0 end,
    case when customers and not exists (select 1 from orders p where lower(p.email) = lower(o.email) and p.id < o.id and p.store_id = o.store_id) then s else 0 end,
    case when exists (select 1 from orders p where lower(p.email) = lower(o.email) and p.id < o.id and p.order_no <> o.order_no) then s else 0 end,
    case when exists (select 1 from orders p where lower(p.email) = lower(o.email) and p.id < o.id and p.store_id = o.store_id) then s else 0 end)
$$;--> statement-breakpoint
CREATE FUNCTION report_lines_change(o orders, s integer) RETURNS void LANGUAGE sql AS $$
  insert into report_changes (level, day, store_id, product_id, orders, units, gross)
  select 1, report_day(o.created_at), coalesce(o.store_id, 0), coalesce(l.product_id, 0), s, s * sum(l.quantity), s * sum(l.line_total)
  from order_lines l where l.order_id = o.id group by coalesce(l.product_id, 0)
$$;--> statement-breakpoint
CREATE FUNCTION report_refund_change(o orders, r payment_refunds, s integer) RETURNS void LANGUAGE sql AS $$
  insert into report_changes (level, day, store_id, payment_method, country, refunds, refund_count)
  values (0, report_day(r.created_at), coalesce(o.store_id, 0), o.payment_method, report_country(o.shipping_address, o.billing_address), s * r.amount, s);
  insert into report_changes (level, day, store_id, product_id, refunds)
  select 1, report_day(r.created_at), coalesce(o.store_id, 0), coalesce(l.product_id, 0), s * sum((e->>'amount')::bigint)
  from jsonb_array_elements(coalesce(r.lines, '[]'::jsonb)) e join order_lines l on l.id = (e->>'line_id')::int and l.order_id = o.id
  group by coalesce(l.product_id, 0)
$$;--> statement-breakpoint
CREATE FUNCTION report_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_order_change(NEW, 1, true);
  ELSIF (OLD.store_id, OLD.payment_method, OLD.subtotal, OLD.discount, OLD.tax, OLD.shipping_total, OLD.created_at,
         report_country(OLD.shipping_address, OLD.billing_address))
        IS DISTINCT FROM (NEW.store_id, NEW.payment_method, NEW.subtotal, NEW.discount, NEW.tax, NEW.shipping_total, NEW.created_at,
         report_country(NEW.shipping_address, NEW.billing_address)) THEN
    -- A cancelled order counts only its customer (report_cancelled keeps that): move the customer alone.
    IF EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = NEW.id) THEN
      PERFORM report_order_change(OLD, -1, true); PERFORM report_order_change(OLD, 1, false);
      PERFORM report_order_change(NEW, -1, false); PERFORM report_order_change(NEW, 1, true);
    ELSE
      PERFORM report_order_change(OLD, -1, true);
      PERFORM report_order_change(NEW, 1, true);
    END IF;
    IF (OLD.store_id, OLD.created_at) IS DISTINCT FROM (NEW.store_id, NEW.created_at) AND NOT EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = NEW.id) THEN
      PERFORM report_lines_change(OLD, -1);
      PERFORM report_lines_change(NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_orders_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION report_orders_changed();--> statement-breakpoint
CREATE TRIGGER report_orders_update AFTER UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION report_orders_changed();--> statement-breakpoint
CREATE FUNCTION report_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_changes (level, day, store_id, product_id, orders, units, gross)
  SELECT 1, report_day(o.created_at), coalesce(o.store_id, 0), coalesce(a.product_id, 0), 1, sum(a.quantity), sum(a.line_total)
  FROM added a JOIN orders o ON o.id = a.order_id
  WHERE NOT EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = o.id)
  GROUP BY o.id, coalesce(a.product_id, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_lines_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION report_lines_added();--> statement-breakpoint
-- A cancelled order was never a sale: its sale and any refunds already counted leave the figures (on their own days).
CREATE FUNCTION report_cancelled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  r payment_refunds;
BEGIN
  SELECT * INTO o FROM orders WHERE id = NEW.order_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM report_order_change(o, -1, false);
  PERFORM report_lines_change(o, -1);
  FOR r IN SELECT * FROM payment_refunds WHERE kind = 'order' AND order_id = o.id LOOP
    PERFORM report_refund_change(o, r, -1);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_cancellations_insert AFTER INSERT ON cancellations FOR EACH ROW EXECUTE FUNCTION report_cancelled();--> statement-breakpoint
CREATE FUNCTION report_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o orders;
BEGIN
  IF NEW.kind <> 'order' OR NEW.order_id IS NULL THEN RETURN NULL; END IF;
  SELECT * INTO o FROM orders WHERE id = NEW.order_id;
  IF NOT FOUND OR EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = o.id) THEN RETURN NULL; END IF;
  PERFORM report_refund_change(o, NEW, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_refunds_insert AFTER INSERT ON payment_refunds FOR EACH ROW EXECUTE FUNCTION report_refunded();--> statement-breakpoint
-- Folds what changed into the roll-ups; one folder at a time (another caller skips: reports read the changes too).
CREATE FUNCTION report_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(73170017) THEN RETURN 0; END IF;
  WITH moved AS (DELETE FROM report_changes RETURNING *),
  a AS (
    INSERT INTO report_daily AS d (day, store_id, payment_method, country, orders, gross, discount, tax, shipping, refunds, refund_count,
      new_customers, new_store_customers, returning_orders, returning_store_orders)
    SELECT day, store_id, payment_method, country, sum(orders), sum(gross), sum(discount), sum(tax), sum(shipping), sum(refunds), sum(refund_count),
      sum(new_customers), sum(new_store_customers), sum(returning_orders), sum(returning_store_orders)
    FROM moved WHERE level = 0 GROUP BY day, store_id, payment_method, country ORDER BY day, store_id, payment_method, country
    ON CONFLICT (day, store_id, payment_method, country) DO UPDATE SET orders = d.orders + excluded.orders, gross = d.gross + excluded.gross,
      discount = d.discount + excluded.discount, tax = d.tax + excluded.tax, shipping = d.shipping + excluded.shipping,
      refunds = d.refunds + excluded.refunds, refund_count = d.refund_count + excluded.refund_count,
      new_customers = d.new_customers + excluded.new_customers, new_store_customers = d.new_store_customers + excluded.new_store_customers,
      returning_orders = d.returning_orders + excluded.returning_orders,
      returning_store_orders = d.returning_store_orders + excluded.returning_store_orders
  ),
  b AS (
    INSERT INTO report_daily_products AS d (day, store_id, product_id, orders, units, gross, refunds)
    SELECT day, store_id, product_id, sum(orders), sum(units), sum(gross), sum(refunds)
    FROM moved WHERE level = 1 GROUP BY day, store_id, product_id ORDER BY day, store_id, product_id
    ON CONFLICT (day, store_id, product_id) DO UPDATE SET orders = d.orders + excluded.orders, units = d.units + excluded.units,
      gross = d.gross + excluded.gross, refunds = d.refunds + excluded.refunds
  )
  SELECT count(*) INTO n FROM moved;
  RETURN n;
END $$;--> statement-breakpoint
-- Recounts the roll-ups from the orders, their lines, cancellations and refunds (reports:rebuild, tests, this migration).
CREATE FUNCTION report_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := report_time_zone();
BEGIN
  BEGIN
    PERFORM now() AT TIME ZONE tz;
  EXCEPTION WHEN others THEN
    tz := 'UTC';
  END;
  LOCK TABLE orders, order_lines, cancellations, payment_refunds IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(73170017);
  DELETE FROM report_changes;
  DELETE FROM report_daily;
  DELETE FROM report_daily_products;
  INSERT INTO report_daily (day, store_id, payment_method, country, orders, gross, discount, tax, shipping, refunds, refund_count,
    new_customers, new_store_customers, returning_orders, returning_store_orders)
  SELECT day, store_id, payment_method, country, sum(orders), sum(gross), sum(discount), sum(tax), sum(shipping), sum(refunds), sum(refund_count),
    sum(new_customers), sum(new_store_customers), sum(returning_orders), sum(returning_store_orders)
  FROM (
    SELECT (o.created_at AT TIME ZONE tz)::date AS day, coalesce(o.store_id, 0) AS store_id, o.payment_method,
      report_country(o.shipping_address, o.billing_address) AS country,
      CASE WHEN c.order_id IS NULL THEN 1 ELSE 0 END AS orders,
      CASE WHEN c.order_id IS NULL THEN o.subtotal ELSE 0 END AS gross,
      CASE WHEN c.order_id IS NULL THEN o.discount ELSE 0 END AS discount,
      CASE WHEN c.order_id IS NULL THEN o.tax ELSE 0 END AS tax,
      CASE WHEN c.order_id IS NULL THEN o.shipping_total ELSE 0 END AS shipping,
      0::bigint AS refunds, 0 AS refund_count,
      CASE WHEN row_number() OVER (PARTITION BY lower(o.email) ORDER BY o.id) = 1 THEN 1 ELSE 0 END AS new_customers,
      CASE WHEN row_number() OVER (PARTITION BY lower(o.email), o.store_id ORDER BY o.id) = 1 THEN 1 ELSE 0 END AS new_store_customers,
      CASE WHEN c.order_id IS NULL AND EXISTS (SELECT 1 FROM orders p WHERE lower(p.email) = lower(o.email) AND p.id < o.id AND p.order_no <> o.order_no)
        THEN 1 ELSE 0 END AS returning_orders,
      CASE WHEN c.order_id IS NULL AND row_number() OVER (PARTITION BY lower(o.email), o.store_id ORDER BY o.id) > 1 THEN 1 ELSE 0 END AS returning_store_orders
    FROM orders o LEFT JOIN cancellations c ON c.order_id = o.id
    UNION ALL
    SELECT (r.created_at AT TIME ZONE tz)::date, coalesce(o.store_id, 0), o.payment_method, report_country(o.shipping_address, o.billing_address),
      0, 0, 0, 0, 0, r.amount, 1, 0, 0, 0, 0
    FROM payment_refunds r JOIN orders o ON o.id = r.order_id
    WHERE r.kind = 'order' AND NOT EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = o.id)
  ) x
  GROUP BY day, store_id, payment_method, country;
  INSERT INTO report_daily_products (day, store_id, product_id, orders, units, gross, refunds)
  SELECT day, store_id, product_id, sum(orders), sum(units), sum(gross), sum(refunds)
  FROM (
    SELECT (o.created_at AT TIME ZONE tz)::date AS day, coalesce(o.store_id, 0) AS store_id, coalesce(l.product_id, 0) AS product_id,
      1 AS orders, sum(l.quantity) AS units, sum(l.line_total) AS gross, 0::bigint AS refunds
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE NOT EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = o.id)
    GROUP BY o.id, coalesce(l.product_id, 0)
    UNION ALL
    SELECT (r.created_at AT TIME ZONE tz)::date, coalesce(o.store_id, 0), coalesce(l.product_id, 0), 0, 0, 0, (e->>'amount')::bigint
    FROM payment_refunds r JOIN orders o ON o.id = r.order_id
    CROSS JOIN jsonb_array_elements(coalesce(r.lines, '[]'::jsonb)) e
    JOIN order_lines l ON l.id = (e->>'line_id')::int AND l.order_id = o.id
    WHERE r.kind = 'order' AND NOT EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = o.id)
  ) x
  GROUP BY day, store_id, product_id;
END $$;--> statement-breakpoint
-- What the shop sold before reports existed.
SELECT report_recount();
