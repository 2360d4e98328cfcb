import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { products, stores } from '@/server/db/schema';

/** Products as the pickers of collections, flash sales and bundle deals show them. */
export interface PickedProduct {
  id: number;
  title: string;
  slug: string;
  store_id: number;
  store: string;
  /** What a shopper pays today without a flash sale: the offered price when there is one, else the selling price. */
  price: number;
  published: boolean;
}

const PICK_LIMIT = 20;

const columns = {
  id: products.id,
  title: products.title,
  slug: products.slug,
  store_id: products.storeId,
  store: stores.name,
  selling: products.selling,
  offered: products.offered,
  status: products.status,
};

function toPicked(r: {
  id: number;
  title: string;
  slug: string;
  store_id: number;
  store: string | null;
  selling: number;
  offered: number;
  status: number;
}) {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    store_id: r.store_id,
    store: r.store ?? '',
    price: r.offered > 0 && r.offered < r.selling ? r.offered : r.selling,
    published: r.status === 1,
  };
}

/** Up to 20 products whose title or slug contains the words, or whose id is the number typed (`storeId`: one store's only). */
export async function searchProductsToPick(q: string, storeId: number | null = null, db: Tx = getDb()): Promise<PickedProduct[]> {
  const text = q.trim();
  if (!text) return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const match: SQL | undefined = or(
    ilike(products.title, like),
    ilike(products.slug, like),
    /^\d{1,9}$/.test(text) ? eq(products.id, Number(text)) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(and(match, inArray(products.status, [0, 1]), storeId ? eq(products.storeId, storeId) : undefined))
    .orderBy(asc(products.title), asc(products.id))
    .limit(PICK_LIMIT);
  return rows.map(toPicked);
}

/** The products with these ids, as the pickers show them (in the order of the ids). */
export async function pickedProducts(ids: number[], db: Tx = getDb()): Promise<PickedProduct[]> {
  if (!ids.length) return [];
  const rows = await db.select(columns).from(products).leftJoin(stores, eq(stores.id, products.storeId)).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toPicked(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The stores a bundle deal may be limited to, by name. */
export async function listStoreChoices(db: Tx = getDb()): Promise<{ id: number; name: string }[]> {
  return db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name), asc(stores.id));
}
