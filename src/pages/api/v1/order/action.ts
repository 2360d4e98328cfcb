import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { placeOrderAction } from '@/server/orders/actions';

/** Places the order `{address_id, billing_address_id?, shipping_type, payment_method, voucher_code?, note?}` with an `Idempotency-Key` header. */
export const ALL = route({
  POST: serveAction(placeOrderAction, (ctx) => {
    const key = ctx.request.headers.get('idempotency-key');
    return key ? { idempotency_key: key } : {};
  }),
});
