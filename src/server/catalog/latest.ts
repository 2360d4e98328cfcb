import { desc } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { cardColumns, toCards, type ProductCard } from '@/server/catalog/product-card';
import { onSale } from '@/server/catalog/on-sale';

/** The newest active products, for the home page. */
export async function listLatestProducts(limit = 20): Promise<ProductCard[]> {
  const db = getDb();
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(onSale())
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return toCards(db, rows);
}
