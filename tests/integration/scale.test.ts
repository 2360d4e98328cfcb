import { describe, expect, it } from 'vitest';
import { count, countDistinct } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { seedDemoIfEmpty } from '@/server/demo';
import { growCatalog } from '@/server/demo/scale';
import { DEMO_COUNTS } from '@/server/demo/known';

useTestDatabase();

describe('scale generator', () => {
  it('refuses to grow an empty catalog', async () => {
    await expect(growCatalog(getDb(), 10)).rejects.toThrow(/demo shop first/);
  });

  it('grows the demo catalog to the target with unique slugs and whole-cent prices', async () => {
    await seedDemoIfEmpty(getDb());
    const target = DEMO_COUNTS.products + 1234;
    expect(await growCatalog(getDb(), target)).toBe(1234);
    const [row] = await getDb()
      .select({ n: count(), slugs: countDistinct(products.slug) })
      .from(products);
    expect(row).toEqual({ n: target, slugs: target });
    const priced = await getDb().select({ selling: products.selling, offered: products.offered }).from(products);
    for (const p of priced) {
      expect(Number.isInteger(p.selling) && p.selling > 0).toBe(true);
      expect(p.offered === 0 || p.offered < p.selling).toBe(true);
    }
    expect(await growCatalog(getDb(), target)).toBe(0);
  });
});
