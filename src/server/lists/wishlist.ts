import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { products, wishlists } from '@/server/db/schema';
import { cardColumns, toCards, type ProductCard } from '@/server/catalog/product-card';
import { findActiveProduct } from '@/server/lists/product-ref';

/** What a toggle leaves: whether the product is now on the list, and how many the list holds. */
export interface ListToggle {
  product_id: number;
  on: boolean;
  count: number;
}

/** A wishlisted product: its card and when it was added. */
export interface WishlistItem extends ProductCard {
  added_at: string;
}

const mine = (userId: number) => eq(wishlists.userId, userId);

/**
 * Adds the product to the user's wishlist, or removes it when it is there already; `want` sets the state
 * instead (a remove button, a form sent twice). Two calls at once leave one row at most, never an error.
 */
export async function toggleWishlist(userId: number, productId: number, want?: boolean): Promise<ListToggle> {
  const db = getDb();
  await findActiveProduct(db, productId);
  const row = and(mine(userId), eq(wishlists.productId, productId));
  let on: boolean;
  if (want === true) on = true;
  else {
    const removed = await db.delete(wishlists).where(row).returning({ id: wishlists.id });
    on = want === undefined && removed.length === 0;
  }
  if (on) await db.insert(wishlists).values({ userId, productId }).onConflictDoNothing();
  return { product_id: productId, on, count: await countWishlist(userId) };
}

/** How many products the user keeps on the wishlist. */
export async function countWishlist(userId: number): Promise<number> {
  return getDb().$count(wishlists, mine(userId));
}

/** The user's wishlist, most recently added first; products no longer on sale drop out. */
export async function listWishlist(userId: number): Promise<WishlistItem[]> {
  const db = getDb();
  const rows = await db
    .select({ ...cardColumns, addedAt: wishlists.createdAt })
    .from(wishlists)
    .innerJoin(products, eq(products.id, wishlists.productId))
    .where(and(mine(userId), eq(products.status, 1)))
    .orderBy(desc(wishlists.createdAt), desc(wishlists.id));
  const cards = await toCards(db, rows, new Set(rows.map((r) => r.id)));
  return cards.map((c, i) => ({ ...c, added_at: rows[i]!.addedAt.toISOString() }));
}
