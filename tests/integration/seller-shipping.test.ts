/**
 * Shipping rules through the one service (shipping/rules-manage.ts) from the seller's side (issue 35): a seller adds,
 * edits and deletes whole rules of their own store, with a free-shipping minimum per rule and per place; the quote
 * honours them (and the store's own minimum); another store's rule is 404; a rule products use is not deleted.
 * And the storefront's store page shows the pickup points and return address the seller gave.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { products, shippingRules, stores } from '@/server/db/schema';
import { quoteCheckout } from '@/server/checkout/quote';
import { getStoreProfile } from '@/server/stores/store-page';
import { makeProduct, makeRule, shopBasics } from './cart-fixtures';
import { putInCart, shopper } from './checkout-fixtures';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
let sellerA: Account;
let owner: Account;
let ruleB: number;

const fmt = { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };

beforeAll(async () => {
  basics = await shopBasics();
  sellerA = await account(['seller'], [], [basics.storeA.id]);
  owner = await account(['owner']);
  ruleB = await makeRule([{ country: 'US', price: 800 }]);
  await getDb().update(shippingRules).set({ storeId: basics.storeB.id }).where(eq(shippingRules.id, ruleB));
  // The store-wide minimum is tested on its own; none unless a test sets one.
  await getDb().update(stores).set({ freeShippingMin: 0 }).where(eq(stores.id, basics.storeA.id));
});

/** The rule as the seller's form posts it (repeated `places_*` fields). */
const ruleForm = (over: Record<string, unknown> = {}) => ({
  title: 'Standard',
  shipping_type: '1',
  day_needed: '2-4',
  default_price: '0',
  free_shipping_min: '0',
  places_country: ['US', 'US', ''],
  places_state: ['', 'CA', ''],
  places_price: ['700', '300', ''],
  places_day_needed: ['3-5', '1-2', ''],
  places_free_shipping_min: ['', '5000', ''],
  ...over,
});

async function storeShippingFor(userId: number, storeId: number) {
  const quote = await quoteCheckout(getDb(), userId, {}, fmt);
  return quote.stores.find((s) => s.id === storeId)!;
}

describe("the seller's shipping rules", () => {
  it('a seller adds a rule to their own store, edits it, and deletes it once no product uses it', async () => {
    const mark = await lastAuditId();
    const created = await api('/api/v1/seller/store/shipping', sellerA, { body: ruleForm() });
    expect(created.status, await created.clone().text()).toBe(200);
    const rule = (await json(created)).data;
    expect(rule).toMatchObject({ store_id: basics.storeA.id, title: 'Standard', free_shipping_min: 0 });
    expect(rule.places).toEqual([
      { country: 'US', state: null, price: 700, day_needed: '3-5', free_shipping_min: 0 },
      { country: 'US', state: 'CA', price: 300, day_needed: '1-2', free_shipping_min: 5000 },
    ]);

    const listed = (await json(await api('/api/v1/seller/store/shipping', sellerA))).data.items;
    expect(listed.map((s: { id: number }) => s.id)).toEqual([basics.storeA.id]);
    expect(listed[0].rules.map((r: { id: number }) => r.id)).toContain(rule.id);

    const edited = await api(`/api/v1/seller/store/shipping/${rule.id}`, sellerA, {
      body: ruleForm({ title: 'Standard (edited)', allow_others: '1', default_price: '1500', places_country: ['US'], places_state: ['NY'], places_price: ['450'], places_day_needed: [''], places_free_shipping_min: [''] }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const one = (await json(await api(`/api/v1/seller/store/shipping/${rule.id}`, sellerA))).data;
    expect(one).toMatchObject({ title: 'Standard (edited)', allow_others: true, default_price: 1500 });
    expect(one.places).toEqual([{ country: 'US', state: 'NY', price: 450, day_needed: '3-7', free_shipping_min: 0 }]);

    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, shippingRuleId: rule.id });
    const refused = await api(`/api/v1/seller/store/shipping/${rule.id}/delete`, sellerA, { body: {} });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe('Products still using this rule: 1. Move them to another shipping rule first, then delete it.');
    expect((await api(`/api/v1/seller/store/shipping/${rule.id}`, sellerA)).status).toBe(200);

    await getDb().update(products).set({ shippingRuleId: null }).where(eq(products.id, p.id));
    const deleted = await api(`/api/v1/seller/store/shipping/${rule.id}/delete`, sellerA, { body: {} });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect((await api(`/api/v1/seller/store/shipping/${rule.id}`, sellerA)).status).toBe(404);
    const [{ n }] = (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from shipping_places where shipping_rule_id = ${rule.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
    expect((await auditSince(mark)).map((a) => a.action)).toEqual(['seller.shipping.save', 'seller.shipping.save', 'seller.shipping.delete']);
  });

  it('the quote: a place’s free-shipping minimum, else its rule’s, measured on the store’s goods; then the store’s own', async () => {
    const rule = (await json(await api('/api/v1/seller/store/shipping', sellerA, { body: ruleForm({ free_shipping_min: '8000', allow_others: '1', default_price: '1200' }) }))).data;
    const cheap = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 2000, stock: 50, shippingRuleId: rule.id });

    // California: 300 a line, free from 50.00 (the place's own minimum).
    const ca = await shopper('US', 'CA');
    await putInCart(ca.id, cheap.id, 2);
    expect((await storeShippingFor(ca.id, basics.storeA.id)).shipping).toBe(300);
    await putInCart(ca.id, cheap.id, 1); // 3 × 20.00 = 60.00 ≥ 50.00
    expect((await storeShippingFor(ca.id, basics.storeA.id)).shipping).toBe(0);

    // Texas: the country's 700, which sets no minimum of its own: the rule's 80.00 applies.
    const tx = await shopper('US', 'TX');
    await putInCart(tx.id, cheap.id, 3);
    expect((await storeShippingFor(tx.id, basics.storeA.id)).shipping).toBe(700);
    await putInCart(tx.id, cheap.id, 1); // 80.00
    expect((await storeShippingFor(tx.id, basics.storeA.id)).shipping).toBe(0);

    // France is not listed: the fee for other places, and the rule's minimum too.
    const fr = await shopper('FR', 'IDF');
    await putInCart(fr.id, cheap.id, 1);
    const frQuote = await storeShippingFor(fr.id, basics.storeA.id);
    expect(frQuote.shipping).toBe(1200);
    expect(frQuote.total).toBe(2000 + 1200 + frQuote.tax);

    // Two lines under two rules: only the line whose place's minimum is reached ships free.
    const other = await makeRule([{ country: 'US', price: 450 }]);
    await getDb().update(shippingRules).set({ storeId: basics.storeA.id }).where(eq(shippingRules.id, other));
    const second = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1000, stock: 50, shippingRuleId: other });
    await putInCart(ca.id, second.id, 1);
    expect((await storeShippingFor(ca.id, basics.storeA.id)).shipping).toBe(450);

    // The store's minimum frees the rest.
    await getDb().update(stores).set({ freeShippingMin: 7000 }).where(eq(stores.id, basics.storeA.id));
    try {
      const q = await storeShippingFor(ca.id, basics.storeA.id);
      expect(q.shipping).toBe(0);
      expect(q.free_shipping_min).toBe(7000);
    } finally {
      await getDb().update(stores).set({ freeShippingMin: 0 }).where(eq(stores.id, basics.storeA.id));
    }
  });

  it('refuses bad input in words and another store’s rule as if it did not exist', async () => {
    const bad = await api('/api/v1/seller/store/shipping', sellerA, {
      body: ruleForm({ title: '', places_country: ['USA'], places_state: [''], places_price: ['-1'], places_day_needed: [''], places_free_shipping_min: ['x'] }),
    });
    expect(bad.status).toBe(422);
    const text = JSON.stringify(await bad.json());
    expect(text).toContain('The country is a two-letter code such as US or DE');
    expect(text).toContain('cannot be negative');
    const before = await getDb().select().from(shippingRules).where(eq(shippingRules.id, ruleB));
    expect((await api(`/api/v1/seller/store/shipping/${ruleB}`, sellerA)).status).toBe(404);
    expect((await api(`/api/v1/seller/store/shipping/${ruleB}`, sellerA, { body: ruleForm({ store_id: basics.storeA.id }) })).status).toBe(404);
    expect((await api(`/api/v1/seller/store/shipping/${ruleB}`, sellerA, { body: ruleForm({ store_id: basics.storeB.id }) })).status).toBe(404);
    expect((await api(`/api/v1/seller/store/shipping/${ruleB}/delete`, sellerA, { body: {} })).status).toBe(404);
    expect((await api('/api/v1/seller/store/shipping', sellerA, { body: ruleForm({ store_id: basics.storeB.id }) })).status).toBe(404);
    expect(await getDb().select().from(shippingRules).where(eq(shippingRules.id, ruleB))).toEqual(before);
    const [placeB] = await queryRows<{ price: number }>(getDb(), sql`select price::int as price from shipping_places where shipping_rule_id = ${ruleB}`);
    expect(placeB!.price).toBe(800);
  });

  it('the operator deletes any store’s unused rule through the same service', async () => {
    const rule = await makeRule([{ country: 'US', price: 100 }]);
    await getDb().update(shippingRules).set({ storeId: basics.storeB.id }).where(eq(shippingRules.id, rule));
    const res = await api(`/api/v1/admin/shipping/${rule}/delete`, owner, { body: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await getDb().select().from(shippingRules).where(eq(shippingRules.id, rule))).toEqual([]);
  });
});

describe('the store page', () => {
  it('shows the pickup points and return address the seller gave', async () => {
    await getDb()
      .update(stores)
      .set({ pickupPoints: 'Main street 1, Springfield\n\nStation kiosk, Shelbyville\n', returnAddress: 'Returns desk\nMain street 1' })
      .where(eq(stores.id, basics.storeA.id));
    const [s] = await getDb().select({ slug: stores.slug }).from(stores).where(eq(stores.id, basics.storeA.id));
    const profile = await getStoreProfile(s!.slug);
    expect(profile.pickup_points).toBe('Main street 1, Springfield\n\nStation kiosk, Shelbyville');
    expect(profile.return_address).toBe('Returns desk\nMain street 1');
    const res = await api(`/api/v1/store/${s!.slug}`, null);
    expect(JSON.stringify(await res.json())).toContain('Station kiosk, Shelbyville');
  });
});
