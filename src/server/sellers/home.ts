import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { COUNT_CAP, type Count } from '@/server/backoffice/attention';

/** The seller's day at a glance, beside the attention counts: new orders today, low stock, each store's rating. */
export interface SellerToday {
  new_today: Count;
  low_stock: Count;
  ratings: { store_id: number; name: string; rating: number; reviews: number }[];
}

const count = (n: number): Count => ({ count: n, capped: n >= COUNT_CAP });

/** Counts stop at COUNT_CAP like the rest of the home; "today" starts at midnight UTC. */
export async function sellerToday(storeIds: readonly number[], db: Tx = getDb(), now = new Date()): Promise<SellerToday> {
  if (!storeIds.length) return { new_today: count(0), low_stock: count(0), ratings: [] };
  const ids = sql.join(
    storeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [row] = await queryRows<{ new_today: number; low_stock: number }>(
    db,
    sql`select
      (select count(*)::int from (select 1 from orders where store_id in (${ids}) and created_at >= ${midnight.toISOString()}::timestamptz limit ${COUNT_CAP}) o) as new_today,
      (select count(*)::int from (select 1 from products where store_id in (${ids}) and status <> 0 and stock > 0 and stock <= low_stock limit ${COUNT_CAP}) p) as low_stock`,
  );
  const ratings = await queryRows<{ store_id: number; name: string; rating: string; reviews: number }>(
    db,
    sql`select s.id as store_id, s.name, s.rating,
        (select count(*)::int from reviews r join products p on p.id = r.product_id where p.store_id = s.id and r.status = 1) as reviews
      from stores s where s.id in (${ids}) order by s.id`,
  );
  return {
    new_today: count(row?.new_today ?? 0),
    low_stock: count(row?.low_stock ?? 0),
    ratings: ratings.map((r) => ({ store_id: Number(r.store_id), name: r.name, rating: Number(r.rating), reviews: Number(r.reviews) })),
  };
}
