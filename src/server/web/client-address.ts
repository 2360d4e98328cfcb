import { getEnv } from '@/server/core/env';

/**
 * The client's address for throttling. Behind a load balancer (TRUST_PROXY=true) it is the last
 * X-Forwarded-For entry, the one our own proxy appended; earlier entries are whatever the client
 * sent and cannot be believed. Otherwise the socket's address.
 */
export function clientAddressOf(ctx: { request: Request; clientAddress?: string }): string {
  if (getEnv().TRUST_PROXY) {
    const forwarded = ctx.request.headers.get('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last.slice(0, 100);
  }
  try {
    return ctx.clientAddress || 'unknown';
  } catch {
    // Astro throws when the adapter cannot tell (e.g. a request built in a test).
    return 'unknown';
  }
}
