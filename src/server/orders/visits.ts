import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/server/db/client';
import { notFound } from '@/server/core/errors';

/** The spec's visited-page record. */
export interface VisitedPage {
  link: 'success' | 'fail';
  order_id: number;
  visit_count: number;
}

async function assertOwnOrder(userId: number, orderId: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(getDb(), sql`select id from orders where id = ${orderId} and user_id = ${userId}`);
  if (!row) throw notFound('The order');
}

/** GET visited-pages/{order_id}: the record (count 0 before any visit). */
export async function getVisit(userId: number, orderId: number, link: VisitedPage['link']): Promise<VisitedPage> {
  await assertOwnOrder(userId, orderId);
  const [row] = await queryRows<{ visit_count: number }>(
    getDb(),
    sql`select visit_count from visited_pages where order_id = ${orderId} and link = ${link}`,
  );
  return { link, order_id: orderId, visit_count: row?.visit_count ?? 0 };
}

/** POST visited-pages/{order_id}: records the first visit (count 1); a record that exists is kept as it is. */
export async function recordVisit(userId: number, orderId: number, link: VisitedPage['link']): Promise<VisitedPage> {
  await assertOwnOrder(userId, orderId);
  await getDb().execute(
    sql`insert into visited_pages (order_id, link, visit_count) values (${orderId}, ${link}, 1) on conflict do nothing`,
  );
  return getVisit(userId, orderId, link);
}

/** PUT visited-pages/{order_id}: sets the count (the spec's "otherwise the count is updated"). */
export async function updateVisit(userId: number, orderId: number, link: VisitedPage['link'], count: number): Promise<VisitedPage> {
  await assertOwnOrder(userId, orderId);
  await getDb().execute(sql`insert into visited_pages (order_id, link, visit_count) values (${orderId}, ${link}, ${count})
    on conflict (order_id, link) do update set visit_count = excluded.visit_count`);
  return { link, order_id: orderId, visit_count: count };
}

/**
 * The success/fail page's one-visit rule in one statement: the first visit records count 1 and shows the
 * page; any later one (count already 1 or more) goes home. Two tabs opening it at once: one of them wins.
 */
export async function visitOnce(userId: number, orderId: number, link: VisitedPage['link']): Promise<'show' | 'home'> {
  await assertOwnOrder(userId, orderId);
  const [row] = await queryRows<{ visit_count: number }>(
    getDb(),
    sql`insert into visited_pages (order_id, link, visit_count) values (${orderId}, ${link}, 1)
        on conflict (order_id, link) do update set visit_count = visited_pages.visit_count + 1 returning visit_count`,
  );
  return row!.visit_count > 1 ? 'home' : 'show';
}
