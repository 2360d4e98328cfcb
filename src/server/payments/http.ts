/** The plain HTTP client of the gateways without an SDK here (PayPal, Flutterwave): JSON, a timeout, readable failures. */
import { AppError } from '@/server/core/errors';
import type { PaymentRequest } from '@/server/payments/provider';
import { log } from '@/server/core/logger.mjs';

/**
 * How long any gateway call may take: a gateway that does not answer must not hold "Place order" (an
 * unpaid order keeps its stock until it expires), so the shopper soon gets the fail page and its choices.
 */
export const GATEWAY_TIMEOUT_MS = 5_000;

/** A gateway call (an SDK without its own timeout too) that gives up after GATEWAY_TIMEOUT_MS. */
export async function withGatewayTimeout<T>(gateway: string, call: Promise<T>, ms = GATEWAY_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError({ code: 'UNAVAILABLE', message: `${gateway} did not answer. Please try again in a moment.` })),
      ms,
    );
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function gatewayFetch<T>(gateway: string, url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS) });
  } catch (err) {
    log.error({ err, gateway }, 'payments: the gateway did not answer');
    throw new AppError({ code: 'UNAVAILABLE', message: `${gateway} did not answer. Please try again in a moment.` });
  }
  const text = await res.text();
  if (!res.ok) {
    log.error({ gateway, status: res.status, body: text.slice(0, 500) }, 'payments: the gateway refused');
    throw new AppError({ code: 'UNAVAILABLE', message: `${gateway} refused the request. Please try again in a moment.` });
  }
  try {
    // Authorize.Net starts its JSON with a byte-order mark.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as T;
  } catch {
    throw new AppError({ code: 'UNAVAILABLE', message: `${gateway} answered something we could not read.` });
  }
}

/**
 * Where a redirect gateway sends the shopper back: our own return route on the shop's origin (taken
 * from the request's URLs, which checkout builds from PUBLIC_URL), which asks the gateway what was paid.
 */
export function returnRoute(request: PaymentRequest, gateway: string): string {
  return new URL(`/payment-return/${gateway}/${request.orderId}`, request.returnUrl).toString();
}
