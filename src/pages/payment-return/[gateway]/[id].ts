import type { APIContext } from 'astro';
import { route } from '@/server/web/route';
import { readBody } from '@/server/web/body';
import { cacheHeader } from '@/server/web/cache';
import { paymentReturn } from '@/server/payments/returns';
import { fieldsOf } from '@/server/web/payment-answer';

/**
 * The shopper back from a redirect gateway (GET; iyzico POSTs its token): verified with the gateway's
 * API, then 303 to the success or pay page.
 */
async function back({ params, url }: APIContext, body: Record<string, unknown> = {}) {
  const values = new URLSearchParams(url.searchParams);
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') values.set(k, v);
  const next = await paymentReturn(params.gateway ?? '', Number(params.id), values);
  return new Response(null, { status: 303, headers: { location: next, ...cacheHeader('none') } });
}

export const ALL = route({
  GET: (ctx) => back(ctx),
  POST: async (ctx) => back(ctx, fieldsOf(await readBody(ctx.request))),
});
