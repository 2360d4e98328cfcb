import type { Db } from '../db/client';
import { products } from '../db/schema';

/** Loads the demo shop when the catalog is empty. Placeholder until the demo data lands. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.select({ id: products.id }).from(products).limit(1);
  if (existing.length) return false;
  return false;
}
