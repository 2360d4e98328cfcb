import { route } from '@/server/web/route';
import { readText } from '@/server/web/body';
import { ok } from '@/server/web/envelope';
import { handleWebhook } from '@/server/payments/webhooks';

/** Gateways' signed webhooks (Stripe, Razorpay, …) → `data {gateway, changed, orderIds}`; a bad signature is 400. */
export const ALL = route({
  POST: async ({ request }) => {
    const result = await handleWebhook(await readText(request), request.headers);
    return ok({ gateway: result.gateway, changed: result.changed, order_ids: result.orderIds, ignored: Boolean(result.ignored) });
  },
});
