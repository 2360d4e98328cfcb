import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { parseWith } from '@/server/core/validation';
import { PageQuerySchema } from '@/lib/schemas/product';
import { listSuggestedProducts } from '@/server/catalog/suggested';

/** Products like this one: `data.result = {data, current_page, last_page, per_page, total}`. */
export const ALL = route({
  GET: async ({ params, url }) => {
    const { page } = parseWith(PageQuerySchema, Object.fromEntries(url.searchParams));
    return ok({ result: await listSuggestedProducts(params.id ?? '', page) });
  },
});
