import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import type { Quote } from '@/server/checkout/quote';
import { commissionLines } from '@/lib/commission';
import { commissionRates } from '@/server/money/rates';

export interface OrderWrite {
  userId: number;
  email: string;
  paymentMethod: number;
  gateway: string;
  currency: string;
  shippingType: number;
  shippingAddress: unknown;
  billingAddress: unknown;
  note: string;
  /** Bank transfer's fields, kept on the payment row. */
  paymentDetails: Record<string, string> | null;
  quote: Quote;
  /** The shop's commission rate (basis points) for stores without their own (settings `commission.default_rate_bp`). */
  commissionDefaultBp: number;
}

export interface WrittenOrder {
  id: number;
  store_id: number;
  store_name: string;
  total: number;
  status: string;
  payment_status: number;
}

const code = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** A purchase's number, sortable by day: 20261124-3FA9C01B2D. */
export const newOrderNo = (now = new Date()) => `${now.toISOString().slice(0, 10).replace(/-/g, '')}-${code(5)}`;

/**
 * Writes one order per store with its lines and first status, and the purchase's one `payments` row
 * (payments-contract: status 'pending', amount = the orders' totals). Runs inside the order's transaction.
 */
export async function writeOrders(tx: Tx, w: OrderWrite, orderNo: string): Promise<WrittenOrder[]> {
  const written: WrittenOrder[] = [];
  const rates = await commissionRates(
    tx,
    w.quote.stores.map((s) => s.id),
    w.commissionDefaultBp,
  );
  for (const s of w.quote.stores) {
    const [order] = await queryRows<{ id: number }>(
      tx,
      sql`insert into orders (order_no, user_id, store_id, status, payment_status, payment_method, shipping_type, currency,
            subtotal, shipping_total, discount, tax, total, voucher_id, email, shipping_address, billing_address, tracking_code, note)
          values (${orderNo}, ${w.userId}, ${s.id}, 'pending', 0, ${w.paymentMethod}, ${w.shippingType}, ${w.currency},
            ${s.subtotal}, ${s.shipping}, ${s.discount}, ${s.tax}, ${s.total}, ${s.voucher_discount > 0 ? w.quote.voucher!.id : null},
            ${w.email}, ${JSON.stringify(w.shippingAddress)}::jsonb, ${JSON.stringify(w.billingAddress)}::jsonb, ${`VM${code(6)}`}, ${w.note})
          returning id`,
    );
    const orderId = order!.id;
    // The commission is fixed on each line now, at the store's rate of today (docs/decisions/0031-seller-commission.md).
    const commissions = commissionLines(s.lines, s.voucher_discount, rates.get(s.id) ?? w.commissionDefaultBp, s.voucher_weights);
    const values = s.lines.map((l, i) => {
      const c = commissions[i]!;
      return sql`(${orderId}, ${l.product_id}, ${l.inventory_id}, ${l.product.title}, ${l.product.image}, ${l.variant ?? ''}, ${l.unit_price}, ${l.quantity}, ${l.shipping.price ?? 0}, ${l.line_total},
        ${c.discount_share}, ${c.commission_rate_bp}, ${c.commission_minor})`;
    });
    await tx.execute(sql`insert into order_lines (order_id, product_id, inventory_id, title, image, attributes, unit_price, quantity, shipping_price, line_total,
        discount_share, commission_rate_bp, commission_minor)
      values ${sql.join(values, sql`, `)}`);
    await tx.execute(sql`insert into order_status_history (order_id, status, note) values (${orderId}, 'pending', 'Order placed')`);
    written.push({ id: orderId, store_id: s.id, store_name: s.name, total: s.total, status: 'pending', payment_status: 0 });
  }
  await tx.execute(sql`insert into payments (order_no, method, gateway, amount, currency, status, details)
    values (${orderNo}, ${w.paymentMethod}, ${w.gateway}, ${w.quote.totals.total}, ${w.currency}, 'pending',
      ${w.paymentDetails ? sql`${JSON.stringify(w.paymentDetails)}::jsonb` : sql`null`})`);
  return written;
}

/** Removes the purchased lines from the cart (the spec: checking out removes the selected products). */
export async function removeCartLines(tx: Tx, cartId: number, lineIds: number[]): Promise<void> {
  if (!lineIds.length) return;
  await tx.execute(
    sql`delete from cart_lines where cart_id = ${cartId} and id in (${sql.join(
      lineIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
