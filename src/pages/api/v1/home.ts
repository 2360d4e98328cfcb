import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getHome } from '@/server/catalog/home';
import { cacheHeader } from '@/server/web/cache';

/** Everything the home page shows: slider, banners, collections, featured categories and brands, flash sale, products. */
export const ALL = route(
  {
    GET: async () => ok(await getHome(), { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
