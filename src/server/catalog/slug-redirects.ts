import { and, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { products, productSlugRedirects } from '@/server/db/schema';

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
