import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { notFound } from '@/server/core/errors';
import { onSale } from '@/server/catalog/on-sale';

/** The product's category when it is on sale; NOT_FOUND otherwise (an unknown or withdrawn product). */
export async function findActiveProduct(db: Tx, productId: number): Promise<{ id: number; categoryId: number }> {
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.id, productId), onSale()));
  if (!row) throw notFound('thisProduct');
  return row;
}
