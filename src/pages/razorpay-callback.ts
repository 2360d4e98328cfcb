import { route } from '@/server/web/route';
import { readBody } from '@/server/web/body';
import { ok } from '@/server/web/envelope';
import { cacheHeader } from '@/server/web/cache';
import { handleRazorpayCallback, type RazorpayCallback } from '@/server/payments/razorpay';

/**
 * Razorpay Checkout's answer, posted by the pay page: `razorpay_order_id`, `razorpay_payment_id`,
 * `razorpay_signature`. A forged signature is 400 and nothing is read; a paid order goes to its
 * success page (303 for a browser form, the envelope for JSON).
 */
export const ALL = route({
  POST: async ({ request }) => {
    const body = (await readBody(request)) as RazorpayCallback;
    const result = await handleRazorpayCallback({
      razorpay_order_id: String(body.razorpay_order_id ?? ''),
      razorpay_payment_id: String(body.razorpay_payment_id ?? ''),
      razorpay_signature: String(body.razorpay_signature ?? ''),
    });
    const orderId = result.orderIds[0];
    const paid = result.changed || result.paid;
    const next = orderId ? (paid ? `/user/order/success/${orderId}` : `/user/order/pay/${orderId}?failed=1`) : '/';
    if ((request.headers.get('accept') ?? '').includes('application/json')) {
      return ok({ changed: result.changed, paid, order_ids: result.orderIds, next });
    }
    return new Response(null, { status: 303, headers: { location: next, ...cacheHeader('none') } });
  },
});
