import { count, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { createRng } from '@/server/demo/prng';

const EDITIONS = ['Pro', 'Max', 'Lite', 'Plus', 'Mini', 'Ultra', 'Air', 'Neo', 'Go', 'Prime', 'Flex', 'Edge'];
const BATCH = 1000;

/**
 * Grows the catalog to `target` products for benchmarks: each new product copies a demo product's
 * category, brand, store and image with a new title, slug and price, so listings and search see
 * realistic data. Deterministic; written in batches, each its own statement. Returns how many it added.
 */
export async function growCatalog(db: Db, target: number, onProgress?: (done: number, total: number) => void): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(products);
  const missing = target - n;
  if (missing <= 0) return 0;
  const templates = await db.select().from(products).where(eq(products.status, 1)).orderBy(products.id).limit(500);
  if (!templates.length) throw new Error('Seed the demo shop first: the scale generator copies its products.');
  const rng = createRng(target);
  for (let done = 0; done < missing; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, missing - done) }, (_, i) => {
      const serial = n + done + i + 1;
      const t = templates[serial % templates.length]!;
      const edition = EDITIONS[serial % EDITIONS.length]!;
      const selling = Math.max(199, Math.round((t.selling * rng.int(60, 160)) / 100 / 10) * 10 - 1);
      const offered = rng.chance(0.3) ? Math.round((selling * rng.int(70, 95)) / 100) : 0;
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = t;
      return {
        ...copy,
        slug: `${t.slug}-${edition.toLowerCase()}-${serial}`,
        title: `${t.title} ${edition} ${serial}`,
        sku: `${t.sku ?? 'SKU'}-${serial}`,
        selling,
        offered,
        stock: rng.chance(0.05) ? 0 : rng.int(1, 500),
        soldCount: rng.int(0, 2000),
        viewCount: rng.int(0, 20000),
        bundleDealId: null,
        createdAt: new Date(Date.now() - rng.int(0, 700) * 86_400_000),
      };
    });
    await db.insert(products).values(rows);
    onProgress?.(done + rows.length, missing);
  }
  return missing;
}
