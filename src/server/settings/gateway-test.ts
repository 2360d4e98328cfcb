import { AppError } from '@/server/core/errors';
import { log } from '@/server/core/logger.mjs';
import { GATEWAY_KEYS } from '@/server/payments/stored-keys';
import { stripeClient, stripeKeys } from '@/server/payments/stripe';
import { paypalBase, paypalKeys } from '@/server/payments/paypal';
import { razorpayClient, razorpayKeys } from '@/server/payments/razorpay';
import { GATEWAY_TIMEOUT_MS } from '@/server/payments/http';

/**
 * The payments screen's "test connection": one harmless call that needs the gateway's secret key, with the keys
 * the gateways use now (environment first, then the stored ones). Stripe: retrieve the balance; PayPal: ask for
 * an OAuth token; Razorpay: fetch payments with count=1. The others have no such call and say so. Neither the
 * keys nor the gateway's own answer are ever put in the result (only which of the outcomes it was).
 */
export type GatewayTestResult = 'ok' | 'none';
export const GATEWAY_NAMES: Record<string, string> = {
  stripe: 'Stripe',
  razorpay: 'Razorpay',
  paypal: 'PayPal',
  flutterwave: 'Flutterwave',
  iyzico: 'iyzico',
  authorize_net: 'Authorize.Net',
};
export const TESTABLE = new Set(['stripe', 'paypal', 'razorpay']);

const fail = (code: 'VALIDATION' | 'UNAVAILABLE', outcome: string, gateway: string) =>
  new AppError({ code, message: `backoffice.paymentTest.${outcome}`, vars: { gateway: GATEWAY_NAMES[gateway] } });

/** The HTTP status of a gateway SDK's error (401/403: the keys were refused), or null when none came back. */
function statusOf(err: unknown): number | null {
  const e = err as { statusCode?: unknown; status?: unknown; raw?: { statusCode?: unknown } };
  const status = e?.statusCode ?? e?.status ?? e?.raw?.statusCode;
  return typeof status === 'number' ? status : null;
}

async function probe(gateway: string): Promise<void> {
  if (gateway === 'stripe') {
    if (!stripeKeys().secret) throw fail('VALIDATION', 'missing', gateway);
    await stripeClient().balance.retrieve();
  } else if (gateway === 'paypal') {
    const { clientId, clientSecret } = paypalKeys();
    if (!clientId || !clientSecret) throw fail('VALIDATION', 'missing', gateway);
    const res = await fetch(`${paypalBase()}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) throw Object.assign(new Error('PayPal refused the token request'), { statusCode: res.status });
  } else {
    const { keyId, keySecret } = razorpayKeys();
    if (!keyId || !keySecret) throw fail('VALIDATION', 'missing', gateway);
    await razorpayClient().payments.all({ count: 1 });
  }
}

export async function testGatewayConnection(gateway: string): Promise<{ gateway: string; result: GatewayTestResult }> {
  if (!(gateway in GATEWAY_KEYS)) throw new AppError({ code: 'NOT_FOUND', message: 'backoffice.paymentTest.unknown' });
  if (!TESTABLE.has(gateway)) return { gateway, result: 'none' };
  try {
    await probe(gateway);
    return { gateway, result: 'ok' };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = statusOf(err);
    // Only the outcome is logged: an SDK error may quote the request, and the request carries the key.
    log.warn({ gateway, status }, 'payments: test connection failed');
    if (status === 401 || status === 403) throw fail('VALIDATION', 'refused', gateway);
    throw fail('UNAVAILABLE', 'unreachable', gateway);
  }
}
