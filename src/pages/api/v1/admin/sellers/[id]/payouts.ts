import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { recordPayoutAction } from '@/server/money/actions';

/** Records a payout to the seller's store (`{amount | amount_text, date, reference, note?}`); the `Idempotency-Key` header is required. */
export const ALL = route({
  POST: serveAction(recordPayoutAction, (ctx) => {
    const key = ctx.request.headers.get('idempotency-key');
    return key ? { idempotency_key: key } : {};
  }),
});
