import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { stores } from '@/server/db/schema';
import { previewCheckout } from '@/server/checkout/preview';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';
import { makeProduct, shopBasics } from './cart-fixtures';
import { countRows, putInCart, shopper } from './checkout-fixtures';

/**
 * The operator's shipping rules and tax rates (issue 34): edited from `/admin/shipping` and `/admin/tax`, the next
 * checkout quote follows; bad input is refused in words with nothing written. Shipping stays untaxed (decision 0017).
 */
useTestDatabase({ demo: true });

let owner: Account;
let contentOnly: Account;
let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  owner = await account(['owner']);
  contentOnly = await account(['staff'], ['update:content']);
  basics = await shopBasics();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const post = async (path: string, body: unknown, who: Account = owner, headers?: Record<string, string>) => {
  const res = await api(path, who, { body, headers });
  return { status: res.status, body: await json(res) };
};

/** A shopper in California with one product of `storeA` (1250) under `ruleId` in the cart. */
async function cartWith(ruleId: number | null, selling = 1250) {
  const u = await shopper('US', 'CA');
  const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling, shippingRuleId: ruleId });
  await putInCart(u.id, p.id, 1);
  return () => previewCheckout(u.id, { address_id: u.addressId });
}

describe('shipping rules from the back office', () => {
  it('a rule made and then edited from the screen prices the next quote; the places come as repeated form rows', async () => {
    const mark = await lastAuditId();
    const made = await post('/api/v1/admin/shipping', {
      store_id: String(basics.storeA.id),
      title: 'West coast',
      shipping_type: '1',
      default_price: '',
      day_needed: '2-4',
      // A plain form's repeated rows, with its spare empty rows.
      places_country: ['us', 'US', '', ''],
      places_state: ['ca', '', '', ''],
      places_price: ['450', '700', '', ''],
      places_day_needed: ['', '', '', ''],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rule = made.body.data;
    // A whole country before its states; no free-shipping minimum given: none.
    expect(rule.places).toEqual([
      { country: 'US', state: null, price: 700, day_needed: '3-7', free_shipping_min: 0 },
      { country: 'US', state: 'CA', price: 450, day_needed: '3-7', free_shipping_min: 0 },
    ]);
    const quote = await cartWith(rule.id);
    expect((await quote()).totals).toMatchObject({ subtotal: 1250, shipping: 450 });

    const edited = await post(`/api/v1/admin/shipping/${rule.id}`, {
      store_id: basics.storeA.id,
      title: 'West coast',
      shipping_type: 1,
      default_price: 0,
      places: [{ country: 'US', state: 'CA', price: 1299 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await quote()).totals).toMatchObject({ shipping: 1299, total: 1250 + 1299 });
    const got = await json(await api(`/api/v1/admin/shipping/${rule.id}`, owner));
    expect(got.data.places).toHaveLength(1);

    const audit = await auditSince(mark);
    expect(audit.map((a) => [a.action, a.entity])).toEqual([
      ['shipping.save', 'shipping_rule'],
      ['shipping.save', 'shipping_rule'],
    ]);
  });

  it('the store’s free-shipping minimum and pickup points are saved; shipping becomes free past the minimum', async () => {
    const made = await post('/api/v1/admin/shipping', {
      store_id: basics.storeA.id,
      title: 'Flat',
      shipping_type: 1,
      default_price: 0,
      places: [{ country: 'US', price: 500 }],
    });
    const quote = await cartWith(made.body.data.id, 2000);
    await post('/api/v1/admin/shipping/stores', { store_id: basics.storeA.id, free_shipping_min: 0, pickup_points: '' });
    expect((await quote()).totals.shipping).toBe(500);
    const saved = await post('/api/v1/admin/shipping/stores', {
      store_id: String(basics.storeA.id),
      free_shipping_min: '2000',
      pickup_points: 'Counter, 418 Congress Ave',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await quote()).totals).toMatchObject({ shipping: 0, total: 2000 });
    const [row] = await getDb().select().from(stores).where(eq(stores.id, basics.storeA.id));
    expect(row!.pickupPoints).toBe('Counter, 418 Congress Ave');
    const list = await json(await api('/api/v1/admin/shipping', owner));
    expect(list.data.items.find((s: { id: number }) => s.id === basics.storeA.id)).toMatchObject({ free_shipping_min: 2000 });
    await post('/api/v1/admin/shipping/stores', { store_id: basics.storeA.id, free_shipping_min: 0, pickup_points: '' });
  });

  it('refuses a negative fee, a bad country and a place listed twice, in words; nothing is written', async () => {
    const rules = await countRows('shipping_rules');
    const places = await countRows('shipping_places');
    const base = { store_id: basics.storeA.id, title: 'Bad', shipping_type: 1, default_price: 0 };
    const negative = await post('/api/v1/admin/shipping', { ...base, places: [{ country: 'US', price: -100 }] });
    expect(negative.status).toBe(422);
    expect(JSON.stringify(negative.body)).toContain('A place’s fee cannot be negative');
    const country = await post('/api/v1/admin/shipping', { ...base, places: [{ country: 'USA', price: 100 }] });
    expect(country.status).toBe(422);
    expect(JSON.stringify(country.body)).toContain('The country is a two-letter code such as US or DE');
    const twice = await post('/api/v1/admin/shipping', {
      ...base,
      places: [
        { country: 'US', state: 'CA', price: 1 },
        { country: 'us', state: 'ca', price: 2 },
      ],
    });
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.body)).toContain('Each country and state is listed once per rule');
    const fr = await post('/api/v1/admin/shipping/stores', { store_id: basics.storeA.id, free_shipping_min: '-5' }, owner, { language: 'fr' });
    expect(fr.status).toBe(422);
    expect(JSON.stringify(fr.body)).toContain('Le minimum de livraison gratuite ne peut pas être négatif');
    expect([await countRows('shipping_rules'), await countRows('shipping_places')]).toEqual([rules, places]);
    expect((await post('/api/v1/admin/shipping', { ...base, places: [] }, contentOnly)).status).toBe(403);
  });
});

describe('tax rates from the back office', () => {
  it('a rate added, changed and removed from the screen changes the next quote; shipping is never taxed', async () => {
    const made = await post('/api/v1/admin/shipping', {
      store_id: basics.storeA.id,
      title: 'For tax',
      shipping_type: 1,
      default_price: 0,
      places: [{ country: 'US', state: 'CA', price: 500 }],
    });
    const quote = await cartWith(made.body.data.id, 2000);
    expect((await quote()).totals).toMatchObject({ tax: 0, total: 2500 });
    const country = await post('/api/v1/admin/tax', { country: 'US', state: '', rate_bp: '500' });
    expect(country.status, JSON.stringify(country.body)).toBe(200);
    expect((await quote()).totals).toMatchObject({ tax: 100, total: 2600 });
    const state = await post('/api/v1/admin/tax', { country: 'us', state: 'ca', title: 'CA sales tax', rate_bp: 825 });
    expect(state.status).toBe(200);
    expect((await quote()).totals).toMatchObject({ tax: 165, shipping: 500, total: 2665 });
    expect((await quote()).tax.title).toBe('CA sales tax');
    const changed = await post(`/api/v1/admin/tax/${state.body.data.id}`, { country: 'US', state: 'CA', rate_bp: 1000 });
    expect(changed.status).toBe(200);
    expect((await quote()).totals).toMatchObject({ tax: 200, total: 2700 });
    expect((await post(`/api/v1/admin/tax/${state.body.data.id}/delete`, {})).status).toBe(200);
    expect((await quote()).totals).toMatchObject({ tax: 100 });
    expect((await post(`/api/v1/admin/tax/${country.body.data.id}/delete`, {})).status).toBe(200);
    expect((await quote()).totals.tax).toBe(0);
  });

  it('refuses a rate over 100 %, a negative rate and a second rate for the same place, in words; nothing is written', async () => {
    const before = await countRows('tax_rates');
    const over = await post('/api/v1/admin/tax', { country: 'DE', rate_bp: 10_001 });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('The rate cannot be more than 100 % (10000 basis points)');
    const negative = await post('/api/v1/admin/tax', { country: 'DE', rate_bp: '-1' });
    expect(negative.status).toBe(422);
    expect(JSON.stringify(negative.body)).toContain('The rate cannot be negative');
    expect(await countRows('tax_rates')).toBe(before);
    const first = await post('/api/v1/admin/tax', { country: 'DE', rate_bp: 1900 });
    expect(first.status).toBe(200);
    const again = await post('/api/v1/admin/tax', { country: 'DE', rate_bp: 700 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This place already has a rate: change that one instead.');
    expect(await countRows('tax_rates', sql`country_code = 'DE'`)).toBe(1);
    expect((await post('/api/v1/admin/tax', { country: 'FR', rate_bp: 2000 }, contentOnly)).status).toBe(403);
  });
});
