import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { offeredProviders } from '@/server/payments/offered';
import { lockPurchase, refused } from '@/server/orders/life';
import { collectionStart } from '@/server/orders/after';
import { setPaymentMethod } from '@/server/orders/reuse';
import { failPath, payPath } from '@/server/orders/place';
import { queueOrderEmail } from '@/server/orders/email';
import { getSettings } from '@/server/settings';
import { publicOrigin } from '@/server/core/origin';

const UNAVAILABLE = 'This payment method is not available. Choose another one.';

/**
 * `order/payment-method {order_id, payment_method}`: the retry page's "pay another way". An unpaid
 * purchase whose orders are all still pending moves to another offered method (cash on delivery, bank
 * transfer, another gateway, or the same one again): the orders and the payment row take the method, the
 * old gateway reference is dropped, and the new provider is asked how to collect. Answers where the
 * shopper goes next: the order page for cash and transfer (it shows how to pay), else the gateway's way.
 */
export async function switchPaymentMethod(
  user: { id: number; email: string },
  orderId: number,
  method: number,
  ctx: { lang: string; siteName: string },
): Promise<{ order_id: number; order_no: string; payment_method: number; next: string }> {
  const provider = (await offeredProviders()).find((p) => p.method === method);
  if (!provider)
    throw new AppError({ code: 'VALIDATION', message: UNAVAILABLE, details: { fields: { payment_method: UNAVAILABLE } } });
  const offline = method === 2 || method === 7;
  // Read before the transaction (the settings cache must not reach for another connection inside it).
  const settings = offline ? await getSettings() : null;
  const origin = offline ? publicOrigin() : '';
  const purchase = await getDb().transaction(async (tx) => {
    const { order, all } = await lockPurchase(tx, orderId, user.id);
    if (order.payment_status === 1) throw refused({ key: 'orders.errors.alreadyPaid' });
    const live = all.filter((o) => o.status !== 'cancelled' && o.status !== 'refunded');
    if (!live.length || live.some((o) => o.status !== 'pending' || o.payment_status !== 0)) throw refused({ key: 'orders.errors.notPayable' });
    const [row] = await queryRows<{ id: number; amount: number; currency: string }>(
      tx,
      sql`select id, amount, currency from payments where order_no = ${order.order_no} and status = 'pending' order by id limit 1 for update`,
    );
    if (!row) throw refused({ key: 'orders.errors.notPayable' });
    await setPaymentMethod(tx, order.order_no, method, provider.gateway);
    // How to pay now (the shop's account for a transfer) goes by mail too, queued with the change (the outbox).
    if (settings) await queueOrderEmail(tx, order.order_no, { lang: ctx.lang, origin, siteName: ctx.siteName }, settings);
    return { order_id: all[0]!.id, order_no: order.order_no, total: row.amount, currency: row.currency, payment: { method } };
  });
  let next = offline ? `/user/order/${purchase.order_id}` : await collectionStart(purchase, user.email, ctx.siteName);
  // The fail page is shown once; a retry that fails again stays on the pay page, with the choices.
  if (next === failPath(purchase.order_id)) next = `${payPath(purchase.order_id)}?failed=1`;
  return { order_id: purchase.order_id, order_no: purchase.order_no, payment_method: method, next };
}
