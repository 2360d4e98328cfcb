import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { parseWith } from '@/server/core/validation';
import { PageQuerySchema } from '@/lib/schemas/product';
import { getProductReviews } from '@/server/reviews';

/** The spec's `all, total, banner`, plus the summary and paging of a product's reviews. */
export const ALL = route({
  GET: async ({ params, url }) => {
    const { page } = parseWith(PageQuerySchema, Object.fromEntries(url.searchParams));
    const { summary, reviews } = await getProductReviews(params.id ?? '', page);
    const { data, current_page, last_page, per_page } = reviews;
    return ok({ all: data, total: summary.total, banner: null, summary, current_page, last_page, per_page });
  },
});
