import { route } from '@/server/web/route';
import { readBody } from '@/server/web/body';
import { fieldsOf, settledAnswer } from '@/server/web/payment-answer';
import { handleRazorpayCallback } from '@/server/payments/razorpay';

/**
 * Razorpay Checkout's answer, posted by the pay page: `razorpay_order_id`, `razorpay_payment_id`,
 * `razorpay_signature`. A forged signature is 400 and nothing is read; a paid order goes to its
 * success page (303 for a browser form, the envelope for JSON).
 */
export const ALL = route({
  POST: async ({ request }) => {
    const body = fieldsOf(await readBody(request));
    const result = await handleRazorpayCallback({
      razorpay_order_id: String(body.razorpay_order_id ?? ''),
      razorpay_payment_id: String(body.razorpay_payment_id ?? ''),
      razorpay_signature: String(body.razorpay_signature ?? ''),
    });
    return settledAnswer(request, result);
  },
});
