import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { parseWith } from '@/server/core/validation';
import { OrdersQuerySchema } from '@/lib/schemas/orders';
import { orderOfUser, ordersOfUser } from '@/server/orders/by-user';

/** The user's orders `data.result {data, current_page, last_page, per_page, total}`, or one order `data {id, status, …, history}` with `order_id`. */
export const ALL = route({
  GET: async ({ locals, url }) => {
    const user = requireUser(locals);
    const q = parseWith(OrdersQuerySchema, Object.fromEntries(url.searchParams));
    if (q.order_id !== undefined) return ok(await orderOfUser(user.id, q.order_id));
    return ok({ result: await ordersOfUser(user.id, q.page ?? 1) });
  },
});
