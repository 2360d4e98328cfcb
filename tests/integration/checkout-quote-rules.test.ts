import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { categories, shippingRules, stores, taxRates } from '@/server/db/schema';
import { addToCart } from '@/server/cart/add';
import { changeCart } from '@/server/cart/change';
import { parseWith } from '@/server/core/validation';
import { CartActionSchema } from '@/lib/schemas/cart';
import { quoteCheckout, type Quote } from '@/server/checkout/quote';
import type { PriceFormat } from '@/lib/price';
import { failure, makeAddress, makeProduct, makeRule, makeUser } from './cart-fixtures';
import { makeVoucher, putInCart } from './checkout-fixtures';

/**
 * checkout/quote.ts called directly (issue 38, docs/mutation-testing.md run V1): what each store's order and the
 * purchase will cost, to the cent, and the spec's message that stops the purchase, word for word. An empty shop
 * (no demo data) with stores of its own, so each test sets exactly the figures it reads.
 */
useTestDatabase();

const fmt: PriceFormat = { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 };
let categoryId = 0;
let n = 0;

async function store(name: string, freeShippingMin = 0) {
  const [s] = await getDb()
    .insert(stores)
    .values({ name, slug: `quote-${name.toLowerCase().replace(/\W+/g, '-')}-${++n}`, freeShippingMin })
    .returning();
  return s!;
}

beforeAll(async () => {
  const [c] = await getDb().insert(categories).values({ slug: 'quote-cables', title: 'Cables' }).returning();
  categoryId = c!.id;
});

async function shopperIn(country: string, state: string) {
  const id = await makeUser();
  return { id, addressId: await makeAddress(id, country, state) };
}

/** Puts `quantity` of a product in the cart with its bundle deal chosen. */
const putWithDeal = (userId: number, p: { id: number; dealId: number | null }, quantity: number) =>
  addToCart({ userId }, parseWith(CartActionSchema, { product_id: p.id, quantity, bundle_deal_id: p.dealId }));

const quote = (userId: number, input: Parameters<typeof quoteCheckout>[2] = {}, now = new Date()) =>
  quoteCheckout(getDb(), userId, input, fmt, now);

/** A store's quote without its cart lines (which the cart's own tests cover), plus the product ids of its lines. */
const storeFigures = (q: Quote) => q.stores.map(({ lines, ...s }) => ({ ...s, products: lines.map((l) => l.product_id) }));

describe('one purchase over two stores', () => {
  it('prices each store from its checked lines: quantity, subtotal, bundle discount, shipping, threshold, days', async () => {
    const a = await store('Anode Audio');
    const b = await store('Bolt Cables', 2500);
    const u = await shopperIn('US', 'CA');
    const rule = await makeRule([{ country: 'US', price: 450 }]);
    // Store A: 3 × 1000 with "buy 2 get 1" (goods 2000) and 1 × 750; its rule charges 450 per line.
    const p1 = await makeProduct({ storeId: a.id, categoryId, selling: 1000, bundle: { buy: 2, free: 1 }, shippingRuleId: rule });
    const p2 = await makeProduct({ storeId: a.id, categoryId, selling: 750, shippingRuleId: rule });
    // Store B: 2 × 1300 = 2600 reaches its free-shipping threshold of 2500.
    const p3 = await makeProduct({ storeId: b.id, categoryId, selling: 1300, shippingRuleId: rule });
    // Unchecked: not part of the purchase.
    const p4 = await makeProduct({ storeId: b.id, categoryId, selling: 9900, shippingRuleId: rule });
    await putWithDeal(u.id, p1, 3);
    await putInCart(u.id, p2.id, 1);
    await putInCart(u.id, p3.id, 2);
    const off = await putInCart(u.id, p4.id, 1);
    await changeCart({ userId: u.id }, { checked: [], unchecked: [off.id] });

    const q = await quote(u.id, { addressId: u.addressId });
    expect(storeFigures(q)).toEqual([
      {
        id: a.id,
        name: 'Anode Audio',
        slug: a.slug,
        products: [p1.id, p2.id],
        quantity: 4,
        subtotal: 3750,
        discount: 1000,
        voucher_discount: 0,
        voucher_weights: [0, 0],
        shipping: 900,
        free_shipping_min: 0,
        tax: 0,
        total: 3650,
        days: '3-7',
      },
      {
        id: b.id,
        name: 'Bolt Cables',
        slug: b.slug,
        products: [p3.id],
        quantity: 2,
        subtotal: 2600,
        discount: 0,
        voucher_discount: 0,
        voucher_weights: [0],
        shipping: 0,
        free_shipping_min: 2500,
        tax: 0,
        total: 2600,
        days: '3-7',
      },
    ]);
    expect(q.totals).toEqual({ quantity: 6, subtotal: 6350, discount: 1000, shipping: 900, tax: 0, total: 6250 });
    expect(q.voucher).toBeNull();
    expect(q.problem).toBeNull();
    expect(q.tax).toEqual({ title: 'Tax', rate_bp: 0 });

    // Pickup (shipping type 2): no store charges shipping.
    const pickup = await quote(u.id, { addressId: u.addressId, shippingType: 2 });
    expect(pickup.stores.map((s) => [s.shipping, s.total])).toEqual([
      [0, 2750],
      [0, 2600],
    ]);
    expect(pickup.totals).toEqual({ quantity: 6, subtotal: 6350, discount: 1000, shipping: 0, tax: 0, total: 5350 });
  });

  it("measures the store's threshold on its goods after bundle deals, not on the price before them", async () => {
    const s = await store('Cathode Corner', 2500);
    const u = await shopperIn('US', 'CA');
    const rule = await makeRule([{ country: 'US', price: 450 }]);
    // 3 × 1000 = 3000 before the deal, 2000 after it: below 2500, so shipping is charged.
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1000, bundle: { buy: 2, free: 1 }, shippingRuleId: rule });
    await putWithDeal(u.id, p, 3);
    const q = await quote(u.id, { addressId: u.addressId });
    expect(q.stores.map((x) => [x.subtotal, x.discount, x.shipping, x.free_shipping_min, x.total])).toEqual([
      [3000, 1000, 450, 2500, 2450],
    ]);
  });

  it("frees a line whose rule's minimum the store's goods reach, and charges it below", async () => {
    const s = await store('Diode Depot');
    const u = await shopperIn('US', 'CA');
    const rule = await makeRule([{ country: 'US', price: 450 }]);
    await getDb().update(shippingRules).set({ freeShippingMin: 2000 }).where(eq(shippingRules.id, rule));
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1000, shippingRuleId: rule });
    await putInCart(u.id, p.id, 1);
    expect((await quote(u.id, { addressId: u.addressId })).stores.map((x) => [x.shipping, x.total])).toEqual([[450, 1450]]);
    const two = await shopperIn('US', 'CA');
    await putInCart(two.id, p.id, 2);
    expect((await quote(two.id, { addressId: two.addressId })).stores.map((x) => [x.shipping, x.total])).toEqual([[0, 2000]]);
  });
});

describe('the voucher', () => {
  it('splits a shop-wide voucher over the stores by their goods, to the cent, and says what it took', async () => {
    const a = await store('Ember Electric');
    const b = await store('Flux Fittings');
    const u = await shopperIn('US', 'CA');
    const pa = await makeProduct({ storeId: a.id, categoryId, selling: 1000 });
    const pb = await makeProduct({ storeId: b.id, categoryId, selling: 2000 });
    await putInCart(u.id, pa.id, 1);
    await putInCart(u.id, pb.id, 1);
    const v = await makeVoucher({ title: 'Ten off', amount: 1000 });
    const q = await quote(u.id, { addressId: u.addressId, voucherCode: v.code });
    // 1000 over 1000 : 2000 → 333.3 and 666.7: the larger remainder takes the cent.
    expect(q.stores.map((s) => [s.id, s.voucher_discount, s.discount, s.voucher_weights, s.total])).toEqual([
      [a.id, 333, 333, [1000], 667],
      [b.id, 667, 667, [2000], 1333],
    ]);
    expect(q.voucher).toEqual({ id: v.id, code: v.code, title: 'Ten off', price_type: 1, amount: 1000, discount: 1000 });
    expect(q.totals).toEqual({ quantity: 2, subtotal: 3000, discount: 1000, shipping: 0, tax: 0, total: 2000 });
  });

  it('limited to a product, weighs only its lines, only in its store; the other store keeps its price', async () => {
    const a = await store('Gauss Gear');
    const b = await store('Hertz House');
    const u = await shopperIn('US', 'CA');
    const covered = await makeProduct({ storeId: a.id, categoryId, selling: 1200 });
    const other = await makeProduct({ storeId: a.id, categoryId, selling: 800 });
    const elsewhere = await makeProduct({ storeId: b.id, categoryId, selling: 500 });
    await putInCart(u.id, covered.id, 1);
    await putInCart(u.id, other.id, 1);
    await putInCart(u.id, elsewhere.id, 1);
    const v = await makeVoucher({ priceType: 2, amount: 10, productIds: [covered.id] });
    const q = await quote(u.id, { addressId: u.addressId, voucherCode: v.code });
    // 10 % of the covered line (1200) only.
    expect(q.stores.map((s) => [s.id, s.voucher_discount, s.discount, s.voucher_weights, s.total])).toEqual([
      [a.id, 120, 120, [1200, 0], 1880],
      [b.id, 0, 0, [0], 500],
    ]);
    expect(q.voucher).toMatchObject({ price_type: 2, amount: 10, discount: 120 });
    expect(q.totals.total).toBe(2380);
  });

  it('adds to the bundle discount, and is refused with its reason when it does not apply', async () => {
    const s = await store('Ion Imports');
    const u = await shopperIn('US', 'CA');
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1000, bundle: { buy: 1, free: 1 } });
    await putWithDeal(u.id, p, 2);
    const v = await makeVoucher({ amount: 300 });
    const q = await quote(u.id, { addressId: u.addressId, voucherCode: v.code });
    expect(q.stores.map((x) => [x.subtotal, x.voucher_discount, x.discount, x.total])).toEqual([[2000, 300, 1300, 700]]);
    const err = await failure(quote(u.id, { addressId: u.addressId, voucherCode: 'NOT-A-CODE' }));
    expect(err.message).toBe('This voucher code does not exist. Check the code and try again.');
  });
});

describe('tax', () => {
  it("taxes each store's goods after every discount by the state's rate, never the shipping, rounded half up", async () => {
    await getDb()
      .insert(taxRates)
      .values([
        { countryCode: 'NZ', stateCode: null, rateBp: 500, title: 'GST' },
        { countryCode: 'NZ', stateCode: 'AUK', rateBp: 1250, title: 'Auckland tax' },
      ]);
    const a = await store('Joule Junction');
    const b = await store('Kelvin Kit');
    const u = await shopperIn('NZ', 'AUK');
    const rule = await makeRule([{ country: 'NZ', price: 400 }]);
    const pa = await makeProduct({ storeId: a.id, categoryId, selling: 1002, shippingRuleId: rule });
    const pb = await makeProduct({ storeId: b.id, categoryId, selling: 2000 });
    await putInCart(u.id, pa.id, 1);
    await putInCart(u.id, pb.id, 1);
    const v = await makeVoucher({ amount: 300 });
    const q = await quote(u.id, { addressId: u.addressId, voucherCode: v.code });
    // Voucher 300 over 1002 : 2000 → 100 and 200; goods 902 and 1800; 12.5 % → 112.75 → 113 and 225.
    expect(q.stores.map((s) => [s.discount, s.shipping, s.tax, s.total])).toEqual([
      [100, 400, 113, 1415],
      [200, 0, 225, 2025],
    ]);
    expect(q.tax).toEqual({ title: 'Auckland tax', rate_bp: 1250 });
    expect(q.totals).toEqual({ quantity: 2, subtotal: 3002, discount: 300, shipping: 400, tax: 338, total: 3440 });

    // Another state of the country: the country's rate (5 % of 1002 = 50.1 → 50).
    const w = await shopperIn('NZ', 'WGN');
    await putInCart(w.id, pa.id, 1);
    const qw = await quote(w.id, { addressId: w.addressId });
    expect(qw.tax).toEqual({ title: 'GST', rate_bp: 500 });
    expect(qw.totals).toEqual({ quantity: 1, subtotal: 1002, discount: 0, shipping: 400, tax: 50, total: 1452 });
  });
});

describe("the spec's message that stops the purchase", () => {
  it('nothing checked: "You don\'t have any product selected…", before any other, with empty totals', async () => {
    const s = await store('Lumen Labs');
    const id = await makeUser();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1000 });
    const line = await putInCart(id, p.id, 1);
    await changeCart({ userId: id }, { checked: [], unchecked: [line.id] });
    const q = await quote(id);
    expect(q.problem).toBe("You don't have any product selected. Please a select a product first.");
    expect(q.stores).toEqual([]);
    expect(q.totals).toEqual({ quantity: 0, subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 });
    // A shopper with no cart at all reads the same.
    expect((await quote(await makeUser())).problem).toBe("You don't have any product selected. Please a select a product first.");
  });

  it('no address: "Please add an address first.", before a product that cannot be shipped; no shipping charged yet', async () => {
    const s = await store('Magnet Mart');
    const id = await makeUser();
    const rule = await makeRule([{ country: 'FR', price: 450 }]);
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1000, shippingRuleId: rule });
    await putInCart(id, p.id, 1);
    const q = await quote(id);
    expect(q.problem).toBe('Please add an address first.');
    expect(q.tax).toEqual({ title: 'Tax', rate_bp: 0 });
    expect(q.totals).toEqual({ quantity: 1, subtotal: 1000, discount: 0, shipping: 0, tax: 0, total: 1000 });
    // With an address the rule does not reach: the product cannot be shipped.
    const addressId = await makeAddress(id, 'US', 'CA');
    expect((await quote(id, { addressId })).problem).toBe('Product is unable to be shipped.');
    // …while a line of another store that ships does not hide it (one line is enough to stop the purchase).
    const t = await store('Neutron Nook');
    const q2 = await makeProduct({ storeId: t.id, categoryId, selling: 500 });
    await putInCart(id, q2.id, 1);
    expect((await quote(id, { addressId })).problem).toBe('Product is unable to be shipped.');
    // …nor does a line of the same store that ships (run V1's survivor: `some` → `every` over a store's lines).
    const r2 = await makeProduct({ storeId: s.id, categoryId, selling: 500 });
    await putInCart(id, r2.id, 1);
    expect((await quote(id, { addressId })).stores.find((x) => x.id === s.id)!.lines).toHaveLength(2);
    expect((await quote(id, { addressId })).problem).toBe('Product is unable to be shipped.');
    // Pickup needs no shipping rule: the purchase may go ahead.
    expect((await quote(id, { addressId, shippingType: 2 })).problem).toBeNull();
  });
});
