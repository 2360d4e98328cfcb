import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listCategoryTree } from '@/server/catalog/taxonomy';

/** The spec reads `data.data` from this call. */
export const ALL = route(
  {
    GET: async () => ok({ data: await listCategoryTree() }, { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
