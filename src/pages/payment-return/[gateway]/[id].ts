import { route } from '@/server/web/route';
import { cacheHeader } from '@/server/web/cache';
import { paymentReturn } from '@/server/payments/returns';

/** The shopper back from a redirect gateway: verified with the gateway's API, then 303 to the success or pay page. */
export const ALL = route({
  GET: async ({ params, url }) => {
    const next = await paymentReturn(params.gateway ?? '', Number(params.id), url.searchParams);
    return new Response(null, { status: 303, headers: { location: next, ...cacheHeader('none') } });
  },
});
