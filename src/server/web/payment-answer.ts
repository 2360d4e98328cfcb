import { ok } from '@/server/web/envelope';
import { cacheHeader } from '@/server/web/cache';
import type { SettleResult } from '@/server/payments/settle';

/**
 * The answer to a browser or client that reports a payment (`/razorpay-callback`,
 * `order/payment-ADotNet-done`): the envelope for JSON, else a 303 to the success page when paid, or back
 * to the pay page to retry.
 */
export function settledAnswer(request: Request, result: SettleResult): Response {
  const orderId = result.orderIds[0];
  const next = orderId ? (result.paid ? `/user/order/success/${orderId}` : `/user/order/pay/${orderId}?failed=1`) : '/';
  if ((request.headers.get('accept') ?? '').includes('application/json')) {
    return ok({ changed: result.changed, paid: result.paid, order_ids: result.orderIds, next });
  }
  return new Response(null, { status: 303, headers: { location: next, ...cacheHeader('none') } });
}

/** A posted body's fields, or none when the body is not an object (`null`, a number, a list). */
export function fieldsOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
