import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { parseWith } from '@/server/core/validation';
import { clientAddressOf } from '@/server/web/client-address';
import { TrackOrderSchema } from '@/lib/schemas/orders';
import { trackOrder } from '@/server/orders/track';
import { cacheHeader } from '@/server/web/cache';

/** Guest tracking `?order_id=&email=` (or `phone=`) → the order's status and timeline; unknown or wrong: the same 404. */
export const ALL = route({
  GET: async (ctx) => {
    const input = parseWith(TrackOrderSchema, Object.fromEntries(ctx.url.searchParams));
    return ok(await trackOrder(input, clientAddressOf(ctx)), { headers: cacheHeader('none') });
  },
});
