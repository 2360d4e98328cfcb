import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { brands, categories, compareLists, inventories, products, productSpecs } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { cardColumns, toCards, type ProductCard } from '@/server/catalog/product-card';
import { findActiveProduct } from '@/server/lists/product-ref';
import type { ListToggle } from '@/server/lists/wishlist';

/** At most this many products side by side (a phone still shows them by scrolling the table). */
export const COMPARE_MAX = 4;

export const COMPARE_FULL = `You can compare up to ${COMPARE_MAX} products at a time. Remove one from your compared list first.`;
export const compareOtherCategory = (category: string) =>
  `Only products of one category can be compared. Your compared list holds ${category} products: remove them first to compare this one.`;

/** A compared product: its card plus what the comparison table shows. */
export interface CompareProduct extends ProductCard {
  brand: { id: number; slug: string; title: string } | null;
  stock: number;
  specs: { name: string; value: string }[];
}

export interface CompareList {
  category: { id: number; slug: string; title: string } | null;
  products: CompareProduct[];
}

const mine = (userId: number) => eq(compareLists.userId, userId);

/**
 * Adds the product to the user's compared list, or removes it when it is there (`want` sets the state
 * instead). Refuses a fifth product
 * and a product of another category (CONFLICT, the reason in data.form). The user's row is locked so two
 * adds at once cannot both pass the limit.
 */
export async function toggleCompare(userId: number, productId: number, want?: boolean): Promise<ListToggle> {
  return getDb().transaction(async (tx) => {
    const product = await findActiveProduct(tx, productId);
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const row = and(mine(userId), eq(compareLists.productId, productId));
    const [held] = await tx.select({ id: compareLists.id }).from(compareLists).where(row);
    const on = want ?? !held;
    if (!on) await tx.delete(compareLists).where(row);
    else if (!held) {
      const held = await heldCategories(tx, userId);
      if (held.length >= COMPARE_MAX) throw new AppError({ code: 'CONFLICT', message: COMPARE_FULL });
      const other = held.find((h) => h.categoryId !== product.categoryId);
      if (other) throw new AppError({ code: 'CONFLICT', message: 'errors.compareOtherCategory', vars: { category: other.category } });
      await tx.insert(compareLists).values({ userId, productId }).onConflictDoNothing();
    }
    return { product_id: productId, on, count: await countIn(tx, userId) };
  });
}

/** The categories of the products on the user's list (products withdrawn from sale do not count). */
async function heldCategories(tx: Tx, userId: number) {
  return tx
    .select({ categoryId: products.categoryId, category: categories.title })
    .from(compareLists)
    .innerJoin(products, eq(products.id, compareLists.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(mine(userId), eq(products.status, 1)));
}

async function countIn(tx: Tx, userId: number): Promise<number> {
  return (await heldCategories(tx, userId)).length;
}

/** How many products the user is comparing. */
export async function countCompare(userId: number): Promise<number> {
  return countIn(getDb(), userId);
}

/** The compared products, oldest first (the order they were added, left to right), with brand, stock and specs. */
export async function listCompare(userId: number): Promise<CompareList> {
  const db = getDb();
  const rows = await db
    .select({
      ...cardColumns,
      brandId: brands.id,
      brandSlug: brands.slug,
      brandTitle: brands.title,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryTitle: categories.title,
    })
    .from(compareLists)
    .innerJoin(products, eq(products.id, compareLists.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(mine(userId), eq(products.status, 1)))
    .orderBy(asc(compareLists.createdAt), asc(compareLists.id));
  if (!rows.length) return { category: null, products: [] };
  const ids = rows.map((r) => r.id);
  const [cards, specs, variantStock] = await Promise.all([
    toCards(db, rows),
    db
      .select({ productId: productSpecs.productId, name: productSpecs.name, value: productSpecs.value })
      .from(productSpecs)
      .where(inArray(productSpecs.productId, ids))
      .orderBy(asc(productSpecs.position), asc(productSpecs.id)),
    db
      .select({ productId: inventories.productId, total: sql<number>`sum(${inventories.quantity})::int` })
      .from(inventories)
      .where(inArray(inventories.productId, ids))
      .groupBy(inventories.productId),
  ]);
  const stockOf = new Map(variantStock.map((v) => [v.productId, Number(v.total)]));
  const first = rows[0]!;
  return {
    category: { id: first.categoryId, slug: first.categorySlug, title: first.categoryTitle },
    products: cards.map((card, i) => {
      const r = rows[i]!;
      const stock = stockOf.get(r.id) ?? r.stock;
      return {
        ...card,
        in_stock: stock > 0,
        brand: r.brandId && r.brandSlug && r.brandTitle ? { id: r.brandId, slug: r.brandSlug, title: r.brandTitle } : null,
        stock,
        specs: specs.filter((s) => s.productId === r.id).map(({ name, value }) => ({ name, value })),
      };
    }),
  };
}
