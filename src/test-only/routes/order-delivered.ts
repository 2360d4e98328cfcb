import type { APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory } from '@/server/db/schema';

/**
 * Test-only route (404 unless ENABLE_TEST_ROUTES=1): `POST {order_id}` marks an order of the signed-in
 * user delivered (status and history), so the review specs do not depend on the operator's commands.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1' || !locals.user) return new Response(null, { status: 404 });
  const { order_id } = (await request.json()) as { order_id: number };
  const done = await getDb().transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ status: 'delivered', updatedAt: new Date() })
      .where(and(eq(orders.id, Number(order_id)), eq(orders.userId, locals.user!.id)))
      .returning({ id: orders.id });
    if (rows.length) await tx.insert(orderStatusHistory).values({ orderId: rows[0]!.id, status: 'delivered', note: 'test-only' });
    return rows.length > 0;
  });
  return done ? Response.json({ order_id, status: 'delivered' }) : new Response(null, { status: 404 });
};
