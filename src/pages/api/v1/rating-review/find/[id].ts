import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { parseWith } from '@/server/core/validation';
import { ReviewFindSchema } from '@/lib/schemas/reviews';
import { findOrderReviews } from '@/server/reviews/find';

/** `find/{order id}[?product_id=]`: the user's order lines with their reviews (docs/decisions/0022-reviews.md). */
export const ALL = route({
  GET: async ({ params, url, locals }) => {
    const user = requireUser(locals);
    const input = parseWith(ReviewFindSchema, { ...Object.fromEntries(url.searchParams), id: params.id }, locals.lang);
    return ok(await findOrderReviews(user.id, input.id, input.product_id));
  },
});
