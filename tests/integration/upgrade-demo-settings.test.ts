import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';

/**
 * Issue 31: a demo shop made before the fix keeps "Free shipping on orders over $50" in its header links, a
 * promise checkout does not keep. Migration 0015 rewrites that exact demo title and nothing an operator wrote.
 */
useTestDatabase();

const migration = fs.readFileSync(path.resolve('src/server/db/migrations/0015_demo_shipping_promise.sql'), 'utf8');
const links = async (key: string) =>
  (await queryRows<{ v: { left: { title: string }[] } }>(getDb(), sql`select value as v from settings where key = ${key}`))[0]!.v.left.map(
    (l) => l.title,
  );

describe('upgrading an older demo shop', () => {
  it('replaces the old demo free-shipping promise, and leaves an operator’s own wording', async () => {
    const old = {
      left: [{ title: 'Free shipping on orders over $50', slug: 'shipping-policy', link: '/page/shipping-policy' }],
      right: [],
    };
    const own = { left: [{ title: 'Free shipping on orders over $50 at Volt Depot only', slug: 's', link: '/s' }], right: [] };
    await getDb().execute(sql`insert into settings (key, value) values ('test_old_links', ${JSON.stringify(old)}::jsonb)`);
    await getDb().execute(sql`insert into settings (key, value) values ('test_own_links', ${JSON.stringify(own)}::jsonb)`);
    await getDb().execute(sql.raw(migration));
    expect(await links('test_old_links')).toEqual(['Shipping: 3-7 business days']);
    expect(await links('test_own_links')).toEqual(['Free shipping on orders over $50 at Volt Depot only']);
  });
});
