import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listBrands } from '@/server/catalog/taxonomy';

export const ALL = route(
  {
    GET: async () => ok({ data: await listBrands() }, { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
