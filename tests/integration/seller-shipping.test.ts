/**
 * The store profile's shipping rules (issue 35), edited by the seller: the fee of a country or state, what places a
 * rule does not list pay; the cart prices the next line with it; another store's rule or place is 404. And the
 * storefront's store page shows the pickup points and return address the seller gave.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { shippingRules, stores } from '@/server/db/schema';
import { cartOf } from '@/server/cart/view';
import { getStoreProfile } from '@/server/stores/store-page';
import { makeProduct, makeRule, shopBasics } from './cart-fixtures';
import { putInCart, shopper } from './checkout-fixtures';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
let sellerA: Account;
let ruleA: number;
let ruleB: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };

beforeAll(async () => {
  basics = await shopBasics();
  sellerA = await account(['seller'], [], [basics.storeA.id]);
  ruleA = await makeRule([{ country: 'US', price: 700 }]);
  ruleB = await makeRule([{ country: 'US', price: 800 }]);
  await getDb().update(shippingRules).set({ storeId: basics.storeA.id }).where(eq(shippingRules.id, ruleA));
  await getDb().update(shippingRules).set({ storeId: basics.storeB.id }).where(eq(shippingRules.id, ruleB));
});

const linePrice = async (userId: number, productId: number) =>
  (await cartOf({ userId })).stores.flatMap((s) => s.lines).find((l) => l.product_id === productId)!.shipping;

describe("the seller's shipping rules", () => {
  it('a state’s fee set by the seller prices the cart; the same place again changes its fee; removed, the country’s fee applies', async () => {
    const mark = await lastAuditId();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1000, stock: 5, shippingRuleId: ruleA });
    const u = await shopper('US', 'CA');
    await putInCart(u.id, p.id, 1);
    expect((await linePrice(u.id, p.id)).price).toBe(700);

    const set = await api('/api/v1/seller/store/shipping', sellerA, { body: { rule_id: ruleA, country: 'us', state: 'ca', price: '250' } });
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await linePrice(u.id, p.id)).price).toBe(250);
    const again = await api('/api/v1/seller/store/shipping', sellerA, { body: { rule_id: ruleA, country: 'US', state: 'CA', price: '300' } });
    expect(again.status).toBe(200);
    const placeId = (await json(again)).data.id as number;
    expect((await linePrice(u.id, p.id)).price).toBe(300);

    const listed = (await json(await api('/api/v1/seller/store/shipping', sellerA))).data;
    expect(listed.store_id).toBe(basics.storeA.id);
    expect(listed.rules.map((r: { id: number }) => r.id)).toContain(ruleA);
    expect(listed.rules.map((r: { id: number }) => r.id)).not.toContain(ruleB);
    const rule = listed.rules.find((r: { id: number }) => r.id === ruleA);
    expect(rule.places).toEqual([
      { id: expect.any(Number), country: 'US', state: null, price: 700 },
      { id: placeId, country: 'US', state: 'CA', price: 300 },
    ]);

    const removed = await api('/api/v1/seller/store/shipping/remove', sellerA, { body: { place_id: placeId } });
    expect(removed.status).toBe(200);
    expect((await linePrice(u.id, p.id)).price).toBe(700);
    expect((await auditSince(mark)).map((a) => a.action)).toEqual([
      'stores.shipping.place',
      'stores.shipping.place',
      'stores.shipping.remove',
    ]);
  });

  it('places a rule does not list: refused, or at the fee the seller sets', async () => {
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1000, stock: 5, shippingRuleId: ruleA });
    const u = await shopper('FR', 'IDF');
    await putInCart(u.id, p.id, 1);
    expect((await linePrice(u.id, p.id)).ok).toBe(false);
    const res = await api('/api/v1/seller/store/shipping/rule', sellerA, { body: { rule_id: ruleA, allow_others: '1', default_price: '1500' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await linePrice(u.id, p.id)).toMatchObject({ ok: true, price: 1500 });
  });

  it('refuses bad input in words and another store’s rule or place as if it did not exist', async () => {
    const bad = await api('/api/v1/seller/store/shipping', sellerA, { body: { rule_id: ruleA, country: 'USA', price: '-1' } });
    expect(bad.status).toBe(422);
    const body = await json(bad);
    expect(JSON.stringify(body)).toContain('A country is a two-letter code such as US or FR.');
    expect(JSON.stringify(body)).toContain('The fee is a whole number of cents, 0 or more.');
    expect((await api('/api/v1/seller/store/shipping', sellerA, { body: { rule_id: ruleB, country: 'US', price: '1' } })).status).toBe(404);
    expect((await api('/api/v1/seller/store/shipping/rule', sellerA, { body: { rule_id: ruleB, default_price: '1' } })).status).toBe(404);
    const [placeB] = await queryRows<{ id: number }>(getDb(), sql`select id from shipping_places where shipping_rule_id = ${ruleB}`);
    expect((await api('/api/v1/seller/store/shipping/remove', sellerA, { body: { place_id: placeB!.id } })).status).toBe(404);
    expect((await api(`/api/v1/seller/store/shipping?store_id=${basics.storeB.id}`, sellerA)).status).toBe(404);
    const [left] = await queryRows<{ price: number }>(getDb(), sql`select price::int as price from shipping_places where id = ${placeB!.id}`);
    expect(left!.price).toBe(800);
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
