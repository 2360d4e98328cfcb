import { describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { countWishlist, listWishlist, toggleWishlist } from '@/server/lists/wishlist';
import { COMPARE_MAX, countCompare, listCompare, toggleCompare } from '@/server/lists/compare';
import { listMarksOf } from '@/server/lists/marks';
import { makeUser } from './account-fixtures';

useTestDatabase({ demo: true });

/** A category with at least `n` products on sale, and those products' ids. */
async function productsOfOneCategory(n: number) {
  const [cat] = await queryRows<{ category_id: number }>(
    getDb(),
    sql`select category_id from products where status = 1 group by category_id having count(*) >= ${n} order by category_id limit 1`,
  );
  const rows = await getDb()
    .select({ id: t.products.id, categoryId: t.products.categoryId })
    .from(t.products)
    .where(and(eq(t.products.categoryId, cat!.category_id), eq(t.products.status, 1)))
    .orderBy(t.products.id)
    .limit(n);
  return { categoryId: cat!.category_id, ids: rows.map((r) => r.id) };
}

/** One product on sale matching the condition (over `products p`). */
async function productWith(condition: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    getDb(),
    sql`select p.id from products p where p.status = 1 and ${condition} order by p.id limit 1`,
  );
  expect(row, 'the demo shop has such a product').toBeDefined();
  return row!.id;
}

describe('wishlist', () => {
  it("toggles on and off, counts, lists newest first and never shows another user's", async () => {
    const user = await makeUser('wish@example.com');
    const other = await makeUser('wish-other@example.com');
    const { ids } = await productsOfOneCategory(3);
    expect(await toggleWishlist(user.id, ids[0]!)).toEqual({ product_id: ids[0], on: true, count: 1 });
    expect(await toggleWishlist(user.id, ids[1]!)).toEqual({ product_id: ids[1], on: true, count: 2 });
    await toggleWishlist(other.id, ids[2]!);
    const list = await listWishlist(user.id);
    expect(list.map((p) => p.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(list.every((p) => p.wishlisted === 1 && typeof p.current_price === 'number' && p.added_at)).toBe(true);
    expect(await toggleWishlist(user.id, ids[0]!)).toEqual({ product_id: ids[0], on: false, count: 1 });
    expect(await countWishlist(user.id)).toBe(1);
    expect((await listMarksOf(user.id)).wishlist).toEqual(new Set([ids[1]]));
    expect((await listMarksOf(null)).wishlist.size).toBe(0);
  });

  it('answers NOT_FOUND for an unknown or withdrawn product and writes nothing', async () => {
    const user = await makeUser('wish-404@example.com');
    await expect(toggleWishlist(user.id, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [p] = await getDb()
      .update(t.products)
      .set({ status: 0 })
      .where(eq(t.products.id, (await productsOfOneCategory(1)).ids[0]!))
      .returning();
    await expect(toggleWishlist(user.id, p!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await countWishlist(user.id)).toBe(0);
  });

  it('two toggles on at once leave one row, never an error', async () => {
    const user = await makeUser('wish-race@example.com');
    const { ids } = await productsOfOneCategory(1);
    const results = await Promise.all(Array.from({ length: 6 }, () => toggleWishlist(user.id, ids[0]!)));
    expect(results.every((r) => r.count <= 1)).toBe(true);
    expect(await countWishlist(user.id)).toBeLessThanOrEqual(1);
  });
});

describe('compare list', () => {
  it(`holds at most ${COMPARE_MAX} products of one category, with the reason when it refuses`, async () => {
    const user = await makeUser('compare@example.com');
    const { categoryId, ids } = await productsOfOneCategory(COMPARE_MAX + 1);
    for (const [i, id] of ids.slice(0, COMPARE_MAX).entries())
      expect(await toggleCompare(user.id, id)).toMatchObject({ on: true, count: i + 1 });
    await expect(toggleCompare(user.id, ids[COMPARE_MAX]!)).rejects.toMatchObject({
      code: 'CONFLICT',
      form: ['You can compare up to 4 products at a time. Remove one from your compared list first.'],
    });
    // Asking for one already on a full list keeps it on: no limit to pass.
    expect(await toggleCompare(user.id, ids[1]!, true)).toMatchObject({ on: true, count: COMPARE_MAX });
    expect(await countCompare(user.id)).toBe(COMPARE_MAX);
    expect(await toggleCompare(user.id, ids[0]!)).toMatchObject({ on: false, count: COMPARE_MAX - 1 });
    const [foreign] = await getDb()
      .select({ id: t.products.id, categoryId: t.products.categoryId })
      .from(t.products)
      .where(and(ne(t.products.categoryId, categoryId), eq(t.products.status, 1)))
      .limit(1);
    const [cat] = await getDb().select({ title: t.categories.title }).from(t.categories).where(eq(t.categories.id, categoryId));
    await expect(toggleCompare(user.id, foreign!.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      form: [
        `Only products of one category can be compared. Your compared list holds ${cat!.title} products: remove them first to compare this one.`,
      ],
    });
    expect(await getDb().$count(t.compareLists, eq(t.compareLists.userId, user.id))).toBe(COMPARE_MAX - 1);
  });

  it('lists products in the order added with brand, stock and specs', async () => {
    const user = await makeUser('compare-list@example.com');
    const { categoryId, ids } = await productsOfOneCategory(2);
    await toggleCompare(user.id, ids[1]!);
    await toggleCompare(user.id, ids[0]!);
    const list = await listCompare(user.id);
    expect(list.category?.id).toBe(categoryId);
    expect(list.products.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    const specs = await getDb().select().from(t.productSpecs).where(eq(t.productSpecs.productId, ids[1]!));
    expect(list.products[0]!.specs).toHaveLength(specs.length);
    expect(list.products[0]!.stock).toBeGreaterThanOrEqual(0);
    expect(await listCompare((await makeUser('compare-none@example.com')).id)).toEqual({ category: null, products: [] });
  });

  it("shows each product's own brand (or none), specs in order, and stock summed over its variants", async () => {
    const db = getDb();
    const variantProduct = await productWith(sql`exists (select 1 from inventories i where i.product_id = p.id and i.quantity > 0)`);
    // The product's own stock figure is not what a product with variants has: its variants' sum is.
    await db.update(t.products).set({ stock: 0 }).where(eq(t.products.id, variantProduct));
    const [store] = await db.select({ id: t.stores.id }).from(t.stores).limit(1);
    const [cat] = await db.select({ id: t.categories.id }).from(t.categories).limit(1);
    const [{ id: unbranded }] = (await db
      .insert(t.products)
      .values({
        storeId: store!.id,
        categoryId: cat!.id,
        selling: 500,
        stock: 2,
        slug: 'compare-unbranded',
        title: 'Compare Unbranded Lamp',
      })
      .returning({ id: t.products.id })) as [{ id: number }];
    const soldOut = await productWith(sql`p.stock = 0 and not exists (select 1 from inventories i where i.product_id = p.id)`);
    for (const id of [variantProduct, unbranded, soldOut]) {
      const user = await makeUser(`compare-detail-${id}@example.com`);
      await toggleCompare(user.id, id);
      const [shown] = (await listCompare(user.id)).products;
      const [p] = await db.select().from(t.products).where(eq(t.products.id, id));
      const [brand] = p!.brandId ? await db.select().from(t.brands).where(eq(t.brands.id, p!.brandId)) : [];
      expect(shown!.brand).toEqual(brand ? { id: brand.id, slug: brand.slug, title: brand.title } : null);
      const specs = await db
        .select({ name: t.productSpecs.name, value: t.productSpecs.value })
        .from(t.productSpecs)
        .where(eq(t.productSpecs.productId, id))
        .orderBy(t.productSpecs.position, t.productSpecs.id);
      expect(shown!.specs).toEqual(specs);
      const variants = await db.select({ quantity: t.inventories.quantity }).from(t.inventories).where(eq(t.inventories.productId, id));
      const stock = variants.length ? variants.reduce((sum, v) => sum + v.quantity, 0) : p!.stock;
      expect(shown!.stock).toBe(stock);
      expect(shown!.in_stock).toBe(stock > 0);
    }
    // Two products' specs never mix.
    const user = await makeUser('compare-two-specs@example.com');
    const { ids } = await productsOfOneCategory(2);
    for (const id of ids) await toggleCompare(user.id, id);
    const list = await listCompare(user.id);
    for (const shown of list.products) {
      const own = await db.select().from(t.productSpecs).where(eq(t.productSpecs.productId, shown.id));
      expect(shown.specs).toHaveLength(own.length);
    }
  });

  it('six adds at once never pass the limit (the user row is locked)', async () => {
    const user = await makeUser('compare-race@example.com');
    const { ids } = await productsOfOneCategory(COMPARE_MAX + 2);
    const results = await Promise.allSettled(ids.map((id) => toggleCompare(user.id, id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(COMPARE_MAX);
    expect(await getDb().$count(t.compareLists, eq(t.compareLists.userId, user.id))).toBe(COMPARE_MAX);
  });
});

describe('setting the state instead of toggling', () => {
  it('on=true twice stays on, on=false twice stays off, for both lists', async () => {
    const user = await makeUser('lists-set@example.com');
    const { ids } = await productsOfOneCategory(1);
    for (const fn of [toggleWishlist, toggleCompare]) {
      expect(await fn(user.id, ids[0]!, true)).toMatchObject({ on: true, count: 1 });
      expect(await fn(user.id, ids[0]!, true)).toMatchObject({ on: true, count: 1 });
      expect(await fn(user.id, ids[0]!, false)).toMatchObject({ on: false, count: 0 });
      expect(await fn(user.id, ids[0]!, false)).toMatchObject({ on: false, count: 0 });
    }
  });
});
