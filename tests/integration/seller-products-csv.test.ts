/**
 * The products list's CSV download (issue 35: "CSV … export limited to their store"): a seller gets their own store's
 * products only, in the catalogue file's `products.csv` columns, which the catalogue's row schema reads back; the
 * operator gets every store's; a shopper is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { products, stores } from '@/server/db/schema';
import { COLUMNS, ProductRow } from '@/server/ops/catalog-rows';
import { makeProduct, shopBasics } from './cart-fixtures';
import { account, api, type Account } from './backoffice-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
let sellerA: Account;
let slugs: { a: string; b: string };

beforeAll(async () => {
  basics = await shopBasics();
  sellerA = await account(['seller'], [], [basics.storeA.id]);
  const [a, b] = await Promise.all([
    makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1234, stock: 7 }),
    makeProduct({ storeId: basics.storeB.id, categoryId: basics.categoryId }),
  ]);
  const slugOf = async (id: number) => (await getDb().select({ slug: products.slug }).from(products).where(eq(products.id, id)))[0]!.slug;
  slugs = { a: await slugOf(a.id), b: await slugOf(b.id) };
});

const rowsOf = async (res: Response) => parse(await res.text(), { columns: true, skip_empty_lines: true }) as Record<string, string>[];

describe('the products CSV download', () => {
  it('a seller gets their own store’s products only, in the catalogue’s columns, readable by its import schema', async () => {
    const res = await api('/api/v1/seller/products/export', sellerA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.clone().text();
    expect(text.split('\n')[0]).toBe(COLUMNS.products.join(','));
    const rows = await rowsOf(res);
    const [storeA] = await getDb().select({ slug: stores.slug }).from(stores).where(eq(stores.id, basics.storeA.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.store))).toEqual(new Set([storeA!.slug]));
    const mine = rows.find((r) => r.slug === slugs.a)!;
    expect(mine).toMatchObject({ selling: '1234', stock: '7' });
    expect(rows.some((r) => r.slug === slugs.b)).toBe(false);
    expect(ProductRow.safeParse(mine).success).toBe(true);
  });

  it('the operator gets every store’s; a shopper is refused', async () => {
    const owner = await account(['owner']);
    const rows = await rowsOf(await api('/api/v1/admin/products/export', owner));
    expect(rows.map((r) => r.slug)).toEqual(expect.arrayContaining([slugs.a, slugs.b]));
    expect((await api('/api/v1/seller/products/export', await account([]))).status).toBe(403);
  });
});
