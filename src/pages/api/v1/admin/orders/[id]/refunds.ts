import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { refundOrderAction } from '@/server/orders/refund-actions';

/** Refunds the order (`{amount?, reason, lines?, shipping?, restock?, outside?}`); the `Idempotency-Key` header is required. */
export const ALL = route({
  POST: serveAction(refundOrderAction, (ctx) => {
    const key = ctx.request.headers.get('idempotency-key');
    return key ? { idempotency_key: key } : {};
  }),
});
