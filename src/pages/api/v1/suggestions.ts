import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { suggest } from '@/server/search/suggestions';
import { parseSuggestText } from '@/server/search/query';

/** `suggestions?q=`: `data {product, suggested, category, sub_category}` for the search popup. */
export const ALL = route(
  {
    GET: async ({ url }) => ok(await suggest(parseSuggestText(url.searchParams)), { headers: cacheHeader('suggestions') }),
  },
  { shared: true },
);
