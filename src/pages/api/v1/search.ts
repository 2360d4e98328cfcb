import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getSearchResponse } from '@/server/search/response';
import { parseSearchQuery } from '@/server/search/query';

/**
 * `search?q=` plus the listing filters (`min`, `max`, `rating`, `category_ids`, `brand_ids`, `in_stock`) and `sort` (default `relevance`).
 * The answer carries nothing per person: kept like the other public catalog answers (web/api-caching.ts, per
 * path, query and language), and emptied with them when the catalogue changes (the product actions' declared
 * `catalog` invalidation) or stock is taken.
 */
export const ALL = route(
  {
    GET: async ({ url }) => {
      const { text, filters } = parseSearchQuery(url.searchParams);
      return ok(await getSearchResponse(text, filters), { headers: cacheHeader('catalog') });
    },
  },
  { shared: true },
);
