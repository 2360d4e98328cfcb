import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getSearchResponse } from '@/server/search/response';
import { parseSearchQuery } from '@/server/search/query';

/** `search?q=` plus the listing filters (`min`, `max`, `rating`, `category_ids`, `brand_ids`, `in_stock`) and `sort` (default `relevance`). */
export const ALL = route({
  GET: async ({ url }) => {
    const { text, filters } = parseSearchQuery(url.searchParams);
    return ok(await getSearchResponse(text, filters), { headers: cacheHeader('none') });
  },
});
