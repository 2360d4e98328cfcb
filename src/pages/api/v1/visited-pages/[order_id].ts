import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { parseWith } from '@/server/core/validation';
import { VisitedPageSchema } from '@/lib/schemas/checkout';
import { getVisit } from '@/server/orders/visits';
import { recordVisitAction, updateVisitAction } from '@/server/orders/actions';

/** The one-visit record of an order's success/fail page `{link, order_id, visit_count}`: GET reads, POST records the first visit, PUT sets the count. */
export const ALL = route({
  GET: async (ctx) => {
    const user = requireUser(ctx.locals);
    const input = parseWith(VisitedPageSchema, { order_id: ctx.params.order_id, link: ctx.url.searchParams.get('link') ?? undefined });
    return ok(await getVisit(user.id, input.order_id, input.link));
  },
  POST: serveAction(recordVisitAction),
  PUT: serveAction(updateVisitAction),
});
