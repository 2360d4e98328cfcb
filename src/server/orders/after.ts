import { sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { publicOrigin } from '@/server/core/origin';
import { chosenProvider, failPath, payPath, successPath, type PlacedOrder } from '@/server/orders/place';
import { log } from '@/server/core/logger.mjs';
import { withGatewayTimeout } from '@/server/payments/http';

/**
 * Asks the purchase's provider how the shopper pays now and keeps the gateway's reference on the payment
 * row; answers where the shopper goes next (success for cash and transfer, the gateway's page, the pay
 * page, or the fail page when the gateway failed or did not answer in time).
 */
export async function collectionStart(
  placed: Pick<PlacedOrder, 'order_id' | 'order_no' | 'total' | 'currency'> & { payment: { method: number } },
  email: string,
  siteName: string,
): Promise<string> {
  const provider = chosenProvider(placed.payment.method);
  const origin = publicOrigin();
  try {
    const start = await withGatewayTimeout(
      provider.gateway,
      provider.start({
        orderNo: placed.order_no,
        orderId: placed.order_id,
        amount: placed.total,
        currency: placed.currency,
        email,
        description: `${siteName} order ${placed.order_no}`,
        returnUrl: `${origin}${successPath(placed.order_id)}`,
        cancelUrl: `${origin}${failPath(placed.order_id)}`,
      }),
    );
    if (start.kind !== 'offline')
      await getDb().execute(
        sql`update payments set gateway_ref = ${start.reference}, updated_at = now() where order_no = ${placed.order_no} and status = 'pending'`,
      );
    return start.kind === 'offline' ? successPath(placed.order_id) : start.kind === 'redirect' ? start.url : payPath(placed.order_id);
  } catch (err) {
    log.error({ err, orderNo: placed.order_no }, 'checkout: payment start failed');
    return failPath(placed.order_id);
  }
}

/**
 * After the orders committed: asks the provider how the shopper pays (payments-contract), keeps the
 * gateway's reference on the payment row, remembers `next` for the idempotency key (the confirmation
 * mail was queued with the order). A gateway that fails leaves the orders placed and unpaid, and the shopper on the fail page.
 */
export async function startPayment(
  placed: PlacedOrder,
  user: { id: number; email: string },
  ctx: { lang: string; siteName: string },
  key: string | undefined,
): Promise<PlacedOrder> {
  const next = await collectionStart(placed, user.email, ctx.siteName);
  const result = { ...placed, payment: { ...placed.payment, next } };
  // The order's transaction remembered this very answer when `next` was known then (cash, transfer): no second write.
  if (key && next !== placed.payment.next)
    await getDb().execute(
      sql`update idempotency_keys set response = ${JSON.stringify(result)}::jsonb where user_id = ${user.id} and key = ${key}`,
    );
  // The confirmation mail was queued in the order's transaction (placeOrder; mail/sender.ts sends it).
  return result;
}
