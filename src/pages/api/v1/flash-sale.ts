import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listFlashSales } from '@/server/catalog/flash-sales';
import { cacheHeader } from '@/server/web/cache';

/** Flash sales that have not ended: running first, then upcoming. */
export const ALL = route(
  {
    GET: async () => ok({ data: await listFlashSales() }, { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
