import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { account, api, auditSince, lastAuditId, twoStores, type Account } from './backoffice-fixtures';

/** A price changed through the back office is what the shop serves on its next request (issue 29). */
useTestDatabase({ demo: true });

let owner: Account;
let seller: Account;
let own: { id: number; slug: string };
let other: { id: number; slug: string };

beforeAll(async () => {
  const [a, b] = await twoStores();
  owner = await account(['owner']);
  seller = await account(['seller'], [], [a]);
  const first = async (storeId: number) =>
    (await getDb().select({ id: products.id, slug: products.slug }).from(products).where(eq(products.storeId, storeId)).limit(1))[0]!;
  own = await first(a);
  other = await first(b);
});

const productApi = async (slug: string) =>
  ((await (await api(`/api/v1/product/${slug}`, null)).json()) as { data: { selling: number; offered: number } }).data;

describe('prices from the back office', () => {
  it('the owner changes a price: one audit entry, and the product API (kept for guests) answers the new price at once', async () => {
    const warm = await productApi(own.slug);
    const before = await lastAuditId();
    const res = await api(`/api/v1/admin/products/${own.id}/prices`, owner, { body: { selling: warm.selling + 101, offered: 0 } });
    expect(res.status).toBe(200);
    expect(await productApi(own.slug)).toMatchObject({ selling: warm.selling + 101, offered: 0 });
    const [entry, ...more] = await auditSince(before);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'catalog.prices',
      entity: 'product',
      entityId: String(own.id),
      before: { selling: warm.selling },
      after: { selling: warm.selling + 101 },
    });
  });

  it('a seller changes their own store’s prices; another store’s product is 404, as if it did not exist', async () => {
    expect((await api(`/api/v1/seller/products/${own.id}/prices`, seller, { body: { selling: 4321, offered: 3999 } })).status).toBe(200);
    expect(await productApi(own.slug)).toMatchObject({ selling: 4321, offered: 3999 });
    const before = await lastAuditId();
    const refused = await api(`/api/v1/seller/products/${other.id}/prices`, seller, { body: { selling: 1, offered: 0 } });
    expect(refused.status).toBe(404);
    expect(await auditSince(before)).toHaveLength(0);
    // The same path of the operator's area is closed to a seller altogether.
    expect((await api(`/api/v1/admin/products/${other.id}/prices`, seller, { body: { selling: 1, offered: 0 } })).status).toBe(403);
  });

  it('refuses prices a person would not mean, in words, with nothing written', async () => {
    const before = await lastAuditId();
    const cases: [unknown, string][] = [
      [{ selling: 19.99 }, 'Selling price must be a whole number (in cents: 1999 for 19.99)'],
      [{ selling: 0 }, 'Selling price must be more than 0'],
      [{ selling: 1000, offered: 1000 }, 'The offered price must be below the selling price (or 0 for no offer)'],
      [{ selling: -5 }, 'Selling price cannot be negative'],
    ];
    for (const [body, message] of cases) {
      const res = await api(`/api/v1/admin/products/${own.id}/prices`, owner, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as { data: { form: string[] } }).data.form[0]).toBe(message);
    }
    expect(await auditSince(before)).toHaveLength(0);
  });
});
