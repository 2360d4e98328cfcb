import { asc, count, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { brands, products } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { fieldError, pickSlug } from '@/server/taxonomy/shared';
import type { BrandWriteInput, DeleteTaxonInput } from '@/lib/schemas/taxonomy';

/** The operator's editor of brands: name, slug, logo, featured on the home page, shown. */
export interface BrandRow {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  featured: boolean;
  shown: boolean;
  products: number;
}

const NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.taxonomy.brands.notFound' });

const toRow = (b: typeof brands.$inferSelect, n: number): BrandRow => ({
  id: b.id,
  title: b.title,
  slug: b.slug,
  image: b.image,
  featured: b.featured,
  shown: b.status === 1,
  products: n,
});

/**
 * Every brand, alphabetical, with its number of products. A shop has tens or a few hundred brands, so the screen
 * shows them on one page (`next_cursor` is always null).
 */
export async function listAllBrands(db: Tx = getDb()): Promise<{ items: BrandRow[]; next_cursor: null }> {
  const [rows, counts] = await Promise.all([
    db.select().from(brands).orderBy(asc(brands.title), asc(brands.id)),
    db.select({ id: products.brandId, n: count() }).from(products).groupBy(products.brandId),
  ]);
  const per = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return { items: rows.map((b) => toRow(b, per.get(b.id) ?? 0)), next_cursor: null };
}

/** One brand; NOT_FOUND otherwise. */
export async function getBrand(id: number, db: Tx = getDb()): Promise<BrandRow> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  if (!row) throw NOT_FOUND();
  const [n] = await db.select({ n: count() }).from(products).where(eq(products.brandId, id));
  return toRow(row, Number(n?.n ?? 0));
}

/** Creates or updates a brand in the caller's transaction; `picture` is the new logo's URL, if one was sent. */
export async function saveBrand(
  tx: Tx,
  input: BrandWriteInput,
  picture: string | null,
): Promise<{ before: BrandRow | null; after: BrandRow; replaced: string | null }> {
  const before = input.id ? await getBrand(input.id, tx) : null;
  const slug = await pickSlug(
    tx,
    { table: brands, id: brands.id, slug: brands.slug },
    // An update without a slug keeps the current address: a slug changes only on purpose.
    input.slug ?? before?.slug ?? null,
    input.title,
    before?.id ?? null,
    'brand',
    'Another brand has this slug. Choose another one.',
  );
  const values = {
    title: input.title,
    slug,
    featured: input.featured,
    status: input.shown ? 1 : 0,
    ...(picture ? { image: picture } : {}),
  };
  const id = before
    ? (await tx.update(brands).set(values).where(eq(brands.id, before.id)).returning({ id: brands.id }))[0]!.id
    : (await tx.insert(brands).values(values).returning({ id: brands.id }))[0]!.id;
  return { before, after: await getBrand(id, tx), replaced: picture && before?.image ? before.image : null };
}

/** Deletes a brand. One with products is refused unless `move_to` names another brand, where they go first. */
export async function deleteBrand(tx: Tx, input: DeleteTaxonInput): Promise<BrandRow> {
  const before = await getBrand(input.id, tx);
  if (before.products > 0) {
    if (!input.move_to || input.move_to === before.id)
      throw new AppError({
        code: 'CONFLICT',
        message: 'backoffice.taxonomy.brands.hasProducts',
        vars: { count: before.products },
        details: { fields: { move_to: 'backoffice.taxonomy.brands.chooseMoveTo' } },
      });
    const [target] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.move_to));
    if (!target) throw fieldError('move_to', 'backoffice.taxonomy.brands.chooseMoveTo');
    await tx.update(products).set({ brandId: target.id }).where(eq(products.brandId, before.id));
  }
  await tx.delete(brands).where(eq(brands.id, before.id));
  return before;
}
