import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema';
import * as t from '@/server/db/schema';
import { getDemoPlan } from '@/server/demo/plan';
import { inChunks, insertProductDetails, insertTaxonomy, productRow } from '@/server/demo/insert-catalog';
import { insertMarketing, insertReviews, insertSiteData, insertVariants } from '@/server/demo/insert-extras';
import { insertTranslations } from '@/server/demo/insert-translations';

/**
 * Loads the demo shop when the catalog is empty; returns whether it did.
 * Everything is written in one transaction, so a crash leaves an empty catalog that the next start seeds again.
 */
export async function seedDemoIfEmpty(db: Db, now = Date.now()): Promise<boolean> {
  const existing = await db.select({ id: products.id }).from(products).limit(1);
  if (existing.length) return false;
  const plan = getDemoPlan();
  await db.transaction(async (tx) => {
    await insertSiteData(tx, plan);
    const ids = await insertTaxonomy(tx, plan, now);
    const rows = await inChunks(plan.products, 500, (chunk) =>
      tx
        .insert(t.products)
        .values(chunk.map((p) => productRow(p, ids, now, plan.bundled.get(p.slug))))
        .returning({ id: t.products.id, slug: t.products.slug }),
    );
    const productIds = new Map(rows.map((r) => [r.slug, r.id]));
    await insertProductDetails(tx, plan.products, productIds, ids.tag);
    await insertVariants(tx, plan.products, productIds);
    await insertReviews(tx, plan.products, productIds, now);
    await insertMarketing(tx, plan, ids, productIds, now);
    await insertTranslations(tx, ids, productIds);
  });
  return true;
}
