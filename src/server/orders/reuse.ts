import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import type { WrittenOrder } from '@/server/orders/write';

/** Cash on delivery and bank transfer: collected offline, never the "unpaid online" twin. */
const OFFLINE = [2, 7];

/** The purchase's orders and the payment row take another method (the old gateway's reference is dropped). */
export async function setPaymentMethod(tx: Tx, orderNo: string, method: number, gateway: string): Promise<void> {
  await tx.execute(
    sql`update orders set payment_method = ${method}, updated_at = now() where order_no = ${orderNo} and status = 'pending'`,
  );
  await tx.execute(
    sql`update payments set method = ${method}, gateway = ${gateway}, gateway_ref = null, details = null, updated_at = now()
        where order_no = ${orderNo} and status = 'pending'`,
  );
}

export interface TwinPurchase {
  order_no: string;
  orders: WrittenOrder[];
  total: number;
  currency: string;
}

const signature = (lines: { product_id: number; inventory_id: number | null; quantity: number }[]) =>
  lines
    .map((l) => `${l.product_id}/${l.inventory_id ?? 0}x${l.quantity}`)
    .sort()
    .join(',');

/**
 * The user's purchase paid online that is still waiting for its payment (every order pending and unpaid,
 * placed within `minutes`) and holds exactly these lines for the same address, delivery and voucher: a
 * second "Place order" for the same cart after a gateway failed answers it instead of writing another
 * purchase that holds the stock again. Null when there is none.
 */
export async function unpaidTwin(
  tx: Tx,
  want: {
    userId: number;
    addressId: number;
    shippingType: number;
    voucherId: number | null;
    lines: { product_id: number; inventory_id: number | null; quantity: number }[];
    minutes: number;
    now: Date;
  },
): Promise<TwinPurchase | null> {
  const since = new Date(want.now.getTime() - want.minutes * 60_000).toISOString();
  const candidates = await queryRows<{ order_no: string }>(
    tx,
    sql`select o.order_no from orders o join payments p on p.order_no = o.order_no and p.status = 'pending'
        where o.user_id = ${want.userId} and o.created_at > ${since} and o.payment_method not in (${sql.join(OFFLINE, sql`, `)})
        group by o.order_no
        having bool_and(o.status = 'pending' and o.payment_status = 0 and o.shipping_type = ${want.shippingType}
                        and (o.shipping_address->>'id')::int = ${want.addressId})
           and count(distinct coalesce(o.voucher_id, 0)) <= 1
        order by max(o.id) desc limit 5`,
  );
  const wanted = signature(want.lines);
  for (const { order_no } of candidates) {
    const lines = await queryRows<{ product_id: number; inventory_id: number | null; quantity: number }>(
      tx,
      sql`select l.product_id, l.inventory_id, l.quantity from order_lines l join orders o on o.id = l.order_id where o.order_no = ${order_no}`,
    );
    if (signature(lines) !== wanted) continue;
    const orders = await queryRows<WrittenOrder & { voucher_id: number | null; currency: string }>(
      tx,
      sql`select o.id, o.store_id, s.name as store_name, o.total, o.status, o.payment_status, o.voucher_id, o.currency
          from orders o left join stores s on s.id = o.store_id where o.order_no = ${order_no} order by o.id for update of o`,
    );
    const voucher = orders.find((o) => o.voucher_id !== null)?.voucher_id ?? null;
    if (voucher !== want.voucherId) continue;
    // `total` is a bigint column: PostgreSQL's driver reads it as a string ("3600"), and the sum of strings is their
    // concatenation ("036002000"), the amount then asked of the gateway. PGlite reads a number, so only PostgreSQL showed it.
    return {
      order_no,
      orders: orders.map(({ id, store_id, store_name, total, status, payment_status }) => ({
        id,
        store_id,
        store_name,
        total: Number(total),
        status,
        payment_status,
      })),
      total: orders.reduce((n, o) => n + Number(o.total), 0),
      currency: orders[0]!.currency,
    };
  }
  return null;
}
