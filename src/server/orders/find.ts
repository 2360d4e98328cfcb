import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { notFound } from '@/server/core/errors';
import type { AddressSnapshot } from '@/server/orders/addresses';

export interface OrderLineRow {
  order_id: number;
  title: string;
  attributes: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number | null;
  store_id: number;
  store_name: string;
  status: string;
  payment_status: number;
  payment_method: number;
  shipping_type: number;
  currency: string;
  subtotal: number;
  shipping_total: number;
  discount: number;
  tax: number;
  total: number;
  email: string;
  shipping_address: AddressSnapshot | null;
  tracking_code: string;
  created_at: string;
}

/** A purchase as the shopper saw it: every store's order of one order_no, with lines. */
export interface Purchase {
  order_no: string;
  orders: (OrderRow & { lines: OrderLineRow[] })[];
  total: number;
  payment: { method: number; gateway: string; status: string; details: Record<string, string> | null } | null;
}

/** The purchase the order `orderId` belongs to, only for its own user (anyone else: 404). */
export async function purchaseOf(db: Tx, orderId: number, userId: number): Promise<Purchase> {
  const [first] = await queryRows<{ order_no: string }>(db, sql`select order_no from orders where id = ${orderId} and user_id = ${userId}`);
  if (!first) throw notFound('The order');
  return purchaseByNo(db, first.order_no);
}

/** Every order of one order_no, with lines and the payment row. */
export async function purchaseByNo(db: Tx, orderNo: string): Promise<Purchase> {
  const orders = await queryRows<OrderRow>(
    db,
    sql`select o.id, o.order_no, o.user_id, o.store_id, s.name as store_name, o.status, o.payment_status, o.payment_method, o.shipping_type,
          o.currency, o.subtotal, o.shipping_total, o.discount, o.tax, o.total, o.email, o.shipping_address, o.tracking_code, o.created_at
        from orders o left join stores s on s.id = o.store_id where o.order_no = ${orderNo} order by o.id`,
  );
  const lines = orders.length
    ? await queryRows<OrderLineRow>(
        db,
        sql`select order_id, title, attributes, unit_price, quantity, line_total from order_lines
            where order_id in (select id from orders where order_no = ${orderNo}) order by id`,
      )
    : [];
  const [payment] = await queryRows<NonNullable<Purchase['payment']>>(
    db,
    sql`select method, gateway, status, details from payments where order_no = ${orderNo} order by id limit 1`,
  );
  const withLines = orders.map((o) => ({
    ...o,
    ...amountsOf(o),
    lines: lines.filter((l) => l.order_id === o.id).map((l) => ({ ...l, line_total: Number(l.line_total) })),
  }));
  return { order_no: orderNo, orders: withLines, total: withLines.reduce((n, o) => n + o.total, 0), payment: payment ?? null };
}

/** bigint columns arrive as strings from postgres-js: amounts are numbers here. */
const amountsOf = (o: OrderRow) => ({
  subtotal: Number(o.subtotal),
  shipping_total: Number(o.shipping_total),
  discount: Number(o.discount),
  tax: Number(o.tax),
  total: Number(o.total),
});
