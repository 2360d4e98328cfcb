import { eq } from 'drizzle-orm';
import { products } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';
import { inScope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import type { ProductPricesInput } from '@/lib/schemas/product-write';

/**
 * Editors' writes of the catalogue, taking the caller's scope (a seller: their stores' products only; any other
 * is 404). The runner announces `catalog` after the commit, so pages, the API cache and search show the change
 * on every process.
 */
export async function setProductPrices(
  input: ProductPricesInput,
  _actor: Actor,
  { scope, tx, audit }: Access,
): Promise<{ id: number; slug: string; selling: number; offered: number }> {
  const [before] = await tx
    .select({ id: products.id, slug: products.slug, storeId: products.storeId, selling: products.selling, offered: products.offered })
    .from(products)
    .where(eq(products.id, input.id))
    .for('update');
  if (!before || !inScope(scope, before.storeId)) throw notFound('theProduct');
  await tx.update(products).set({ selling: input.selling, offered: input.offered, updatedAt: new Date() }).where(eq(products.id, input.id));
  audit({
    entity: 'product',
    entityId: input.id,
    before: { selling: before.selling, offered: before.offered },
    after: { selling: input.selling, offered: input.offered },
  });
  return { id: before.id, slug: before.slug, selling: input.selling, offered: input.offered };
}
