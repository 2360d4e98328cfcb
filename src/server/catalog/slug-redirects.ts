import { and, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { categories, products, productSlugRedirects, subCategories, taxonomySlugRedirects } from '@/server/db/schema';

/** The current slug of the published product that once had this slug (an editor renamed it), or null. */
export async function currentSlugOf(oldSlug: string, db: Tx = getDb()): Promise<string | null> {
  if (!/^[a-z0-9-]{1,200}$/.test(oldSlug)) return null;
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.slug, oldSlug), eq(products.status, 1)))
    .limit(1);
  return row?.slug ?? null;
}

/**
 * Where a category listing that was not found lives now, when an editor renamed its category's or sub-category's
 * slug (or moved the sub-category to another category): the current `{category, sub}` slugs, or null.
 */
export async function movedTaxonomySlugs(
  categorySlug: string,
  subSlug: string | null = null,
  db: Tx = getDb(),
): Promise<{ category: string; sub: string | null } | null> {
  const valid = (s: string) => /^[a-z0-9-]{1,200}$/.test(s);
  if (!valid(categorySlug) || (subSlug !== null && !valid(subSlug))) return null;
  const former = (kind: 'category' | 'sub_category', slug: string) =>
    db
      .select({ id: taxonomySlugRedirects.targetId })
      .from(taxonomySlugRedirects)
      .where(and(eq(taxonomySlugRedirects.kind, kind), eq(taxonomySlugRedirects.slug, slug)))
      .limit(1)
      .then((r) => r[0]?.id ?? null);
  if (subSlug !== null) {
    const [current] = await db
      .select()
      .from(subCategories)
      .where(and(eq(subCategories.slug, subSlug), eq(subCategories.status, 1)));
    const subId = current?.id ?? (await former('sub_category', subSlug));
    if (!subId) return null;
    const [row] = await db
      .select({ sub: subCategories.slug, category: categories.slug })
      .from(subCategories)
      .innerJoin(categories, eq(categories.id, subCategories.categoryId))
      .where(and(eq(subCategories.id, subId), eq(subCategories.status, 1), eq(categories.status, 1)));
    if (!row || (row.category === categorySlug && row.sub === subSlug)) return null;
    return row;
  }
  const id = await former('category', categorySlug);
  if (!id) return null;
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.status, 1)));
  return row && row.slug !== categorySlug ? { category: row.slug, sub: null } : null;
}
