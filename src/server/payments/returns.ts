/**
 * `/payment-return/{gateway}/{orderId}`: where redirect gateways (PayPal, Flutterwave, Iyzico) send the
 * shopper back (GET, or iyzico's POST). Nothing in the query is trusted: the gateway's API is asked what was paid, and the answer goes
 * through settlePayment. The shopper then goes to the success page, or back to the pay page to retry.
 */
import { notFound } from '@/server/core/errors';
import { handlePaypalReturn } from '@/server/payments/paypal';
import { handleFlutterwaveReturn } from '@/server/payments/flutterwave';
import { handleIyzicoReturn } from '@/server/payments/iyzico';
import type { SettleResult } from '@/server/payments/settle';

const RETURNS: Record<string, (query: URLSearchParams) => Promise<SettleResult | null>> = {
  // PayPal adds `token` (its order id) and `PayerID`; a cancel goes to the cancel URL instead.
  paypal: async (query) => {
    const token = query.get('token');
    return token ? handlePaypalReturn(token) : null;
  },
  flutterwave: handleFlutterwaveReturn,
  // iyzico POSTs `token` (a form from its own page) to the callback URL.
  iyzico: (params) => handleIyzicoReturn(params.get('token')),
};

/** Where the shopper goes next: the success page when paid, else the pay page (cancelled or failed). */
export async function paymentReturn(gateway: string, orderId: number, query: URLSearchParams): Promise<string> {
  const handle = RETURNS[gateway];
  if (!handle || !Number.isSafeInteger(orderId) || orderId <= 0) throw notFound('This payment');
  const result = await handle(query);
  if (!result) return `/user/order/pay/${orderId}?cancelled=1`;
  const first = result.orderIds[0] ?? orderId;
  return result.paid ? `/user/order/success/${first}` : `/user/order/pay/${first}?failed=1`;
}
