import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { stores, taxRates } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { placeOrder } from '@/server/orders/place';
import { purgeOldKeys } from '@/server/orders/idempotency';
import { previewCheckout, voucherValidity } from '@/server/checkout/preview';
import { applyVoucher } from '@/server/checkout/vouchers';
import { changeCart } from '@/server/cart/change';
import { cartOf } from '@/server/cart/view';
import { NO_ADDRESS, NOTHING_SELECTED, UNABLE_TO_SHIP } from '@/server/checkout/messages';
import { visitOnce } from '@/server/orders/visits';
import { eq } from 'drizzle-orm';
import { failure, makeProduct, makeRule, shopBasics } from './cart-fixtures';
import { countRows, makeVoucher, orderBody, putInCart, shopper, stockOf } from './checkout-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

const product = (spec: Partial<Parameters<typeof makeProduct>[0]> = {}) =>
  makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, ...spec });

describe('placing an order', () => {
  it('writes one order per store, its lines and history, one payment row, takes the stock and empties the checked lines', async () => {
    const u = await shopper();
    const a = await product({ selling: 1250, stock: 10 });
    const b = await product({ storeId: basics.storeB.id, selling: 999, stock: 4 });
    const kept = await product({ stock: 3 });
    await putInCart(u.id, a.id, 2);
    await putInCart(u.id, b.id, 3);
    const keptLine = await putInCart(u.id, kept.id, 1);
    await changeCart({ userId: u.id }, { checked: [], unchecked: [keptLine.id] });
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId, note: 'Ring twice' }));
    expect(placed.orders.map((o) => [o.store_id, o.total]).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [basics.storeA.id, 2500],
      [basics.storeB.id, 2997],
    ]);
    expect(placed.total).toBe(5497);
    expect(placed.payment).toEqual({ method: 2, status: 0, next: `/user/order/success/${placed.order_id}` });
    expect([await stockOf(a.id), await stockOf(b.id), await stockOf(kept.id)]).toEqual([8, 1, 3]);
    const [pay] = await queryRows<{ amount: number; method: number; gateway: string; status: string; currency: string }>(
      getDb(),
      sql`select amount::int as amount, method, gateway, status, currency from payments where order_no = ${placed.order_no}`,
    );
    expect(pay).toEqual({ amount: 5497, method: 2, gateway: 'cod', status: 'pending', currency: 'USD' });
    expect(await countRows('order_lines', sql`order_id in (select id from orders where order_no = ${placed.order_no})`)).toBe(2);
    expect(await countRows('order_status_history', sql`order_id in (select id from orders where order_no = ${placed.order_no})`)).toBe(2);
    const cart = await cartOf({ userId: u.id });
    expect(cart.cartProducts.map((l) => l.product_id)).toEqual([kept.id]);
    expect(cart.cartCount).toBe(1);
  });

  it('ignores any price, total, discount or tax the client sends', async () => {
    const u = await shopper();
    const p = await product({ selling: 4000, stock: 5 });
    await putInCart(u.id, p.id, 1);
    const placed = await placeOrder(
      u,
      orderBody({ address_id: u.addressId, price: 1, unit_price: 1, total: 1, discount: 3999, tax: 0, amount: 1, subtotal: 1 }),
    );
    expect(placed.total).toBe(4000);
    const [o] = await queryRows<{ subtotal: number; discount: number; tax: number; total: number }>(
      getDb(),
      sql`select subtotal::int as subtotal, discount::int as discount, tax::int as tax, total::int as total from orders where id = ${placed.order_id}`,
    );
    expect(o).toEqual({ subtotal: 4000, discount: 0, tax: 0, total: 4000 });
  });

  it('answers 409 naming the product when the stock is gone, and writes nothing', async () => {
    const u = await shopper();
    const p = await product({ stock: 2 });
    const other = await product({ stock: 9 });
    await putInCart(u.id, p.id, 2);
    await putInCart(u.id, other.id, 1);
    await getDb().execute(sql`update products set stock = 1 where id = ${p.id}`);
    const before = await countRows('orders');
    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId })));
    expect(err.httpStatus).toBe(409);
    expect(err.message).toContain((await cartOf({ userId: u.id })).cartProducts[0]!.product.title);
    expect(await countRows('orders')).toBe(before);
    expect([await stockOf(p.id), await stockOf(other.id)]).toEqual([1, 9]);
    expect((await cartOf({ userId: u.id })).cartCount).toBe(3);
  });

  it('says how many are left, or that none are, word for word, and takes a variant from its own quantity', async () => {
    const u = await shopper();
    const p = await product({ stock: 5 });
    await putInCart(u.id, p.id, 4);
    await getDb().execute(sql`update products set stock = 3 where id = ${p.id}`);
    const title = (await cartOf({ userId: u.id })).cartProducts[0]!.product.title;
    const few = await failure(placeOrder(u, orderBody({ address_id: u.addressId })));
    expect(few.message).toBe(`Only 3 of "${title}" left in stock. Lower the quantity in your cart and try again.`);
    expect(few.details).toMatchObject({ product: title, available: 3 });
    await getDb().execute(sql`update products set stock = 0 where id = ${p.id}`);
    const none = await failure(placeOrder(u, orderBody({ address_id: u.addressId })));
    expect(none.message).toBe(`"${title}" is out of stock now. Remove it from your cart and try again.`);
    expect(none.details).toMatchObject({ available: 0 });

    // A variant: its own quantity is taken, and the product's figure (the sum listings read) goes down in step.
    const buyer = await shopper();
    const v = await product({
      stock: 40,
      variants: [
        { price: 0, quantity: 6 },
        { price: 0, quantity: 2 },
      ],
    });
    await putInCart(buyer.id, v.id, 2, v.variantIds[1]);
    await placeOrder(buyer, orderBody({ address_id: buyer.addressId }));
    const quantities = await queryRows<{ id: number; quantity: number }>(
      getDb(),
      sql`select id, quantity from inventories where product_id = ${v.id} order by id`,
    );
    expect(quantities.map((q) => q.quantity)).toEqual([6, 0]);
    expect(await stockOf(v.id)).toBe(38);
  });

  it("refuses with the spec's messages: no address, nothing selected, a product that cannot ship", async () => {
    const u = await shopper('US', 'CA');
    expect(() => orderBody({})).toThrow(NO_ADDRESS);
    const stranger = await shopper();
    expect((await failure(placeOrder(u, orderBody({ address_id: stranger.addressId })))).message).toBe(NO_ADDRESS);
    expect((await failure(placeOrder(u, orderBody({ address_id: u.addressId })))).message).toBe(NOTHING_SELECTED);
    const rule = await makeRule([{ country: 'GB', price: 300 }]);
    const p = await product({ shippingRuleId: rule });
    await putInCart(u.id, p.id, 1);
    expect((await failure(placeOrder(u, orderBody({ address_id: u.addressId })))).message).toBe(UNABLE_TO_SHIP);
    expect((await previewCheckout(u.id, { address_id: u.addressId })).problem).toBe(UNABLE_TO_SHIP);
    // Pickup from the store needs no rule.
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId, shipping_type: 2 }));
    expect(placed.orders).toHaveLength(1);
  });

  it('keeps bank transfer fields a client sends with the order on the payment row, all of them or none', async () => {
    const u = await shopper();
    const p = await product({ stock: 5 });
    await putInCart(u.id, p.id, 1);
    // The shopper gives them after paying (order/transaction); given now, they must be whole.
    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7, transaction_id: 'TX-1' })));
    expect(err.message).toBe('Bank name is required');
    const fields = { transaction_id: 'TX-1', bank_name: 'First Bank', account_holder: 'Ada', account_number: '0012', branch_name: 'Main' };
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7, ...fields }));
    const [pay] = await queryRows<{ details: unknown; gateway: string }>(
      getDb(),
      sql`select details, gateway from payments where order_no = ${placed.order_no}`,
    );
    expect(pay).toEqual({ details: fields, gateway: 'bank' });
  });

  it('refuses a method that is not configured', async () => {
    const u = await shopper();
    const p = await product({ stock: 5 });
    await putInCart(u.id, p.id, 1);
    for (const method of [8, 99]) {
      const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: method })));
      expect(err.message).toBe('This payment method is not available. Choose another one.');
    }
  });
});

describe('shipping, vouchers and tax', () => {
  it('charges per store shipping, free past the store threshold', async () => {
    const u = await shopper('US', 'CA');
    const rule = await makeRule([{ country: 'US', price: 450 }]);
    const p = await product({ storeId: basics.storeB.id, selling: 3000, shippingRuleId: rule });
    await putInCart(u.id, p.id, 1);
    expect((await previewCheckout(u.id, { address_id: u.addressId })).totals).toMatchObject({ shipping: 450, total: 3450 });
    expect((await cartOf({ userId: u.id }, new Date(), { addressId: u.addressId })).totals).toMatchObject({ shipping: 450, total: 3450 });
    await getDb().update(stores).set({ freeShippingMin: 3000 }).where(eq(stores.id, basics.storeB.id));
    try {
      expect((await previewCheckout(u.id, { address_id: u.addressId })).totals).toMatchObject({ shipping: 0, total: 3000 });
      // The cart page says the same before checkout: free past the store's threshold.
      expect((await cartOf({ userId: u.id }, new Date(), { addressId: u.addressId })).totals).toMatchObject({ shipping: 0, total: 3000 });
    } finally {
      await getDb().update(stores).set({ freeShippingMin: 0 }).where(eq(stores.id, basics.storeB.id));
    }
  });

  it('applies flat and capped percent vouchers, and says why one does not apply', async () => {
    const u = await shopper();
    const p = await product({ selling: 10_000, stock: 50 });
    await putInCart(u.id, p.id, 1);
    const flat = await makeVoucher({ amount: 700 });
    expect(await voucherValidity(u.id, flat.code)).toMatchObject({ code: flat.code, price_type: 1, amount: 700, discount: 700 });
    const pct = await makeVoucher({ priceType: 2, amount: 15, maxDiscount: 1200 });
    expect((await voucherValidity(u.id, pct.code)).discount).toBe(1200);
    const pct2 = await makeVoucher({ priceType: 2, amount: 15, maxDiscount: 0 });
    expect((await voucherValidity(u.id, pct2.code)).discount).toBe(1500);
    const check = (code: string) => () => voucherValidity(u.id, code);
    const reasons: [() => Promise<unknown>, string][] = [
      [check('NO-SUCH-CODE'), 'This voucher code does not exist. Check the code and try again.'],
      [check((await makeVoucher({ minSpend: 20_000 })).code), 'Spend at least $200 to use this voucher.'],
      [check((await makeVoucher({ endsAt: new Date(Date.now() - 1000) })).code), 'This voucher has expired.'],
      [check((await makeVoucher({ usageLimit: 1, usedCount: 1 })).code), 'This voucher has been used up.'],
      [check((await makeVoucher({ status: 2 })).code), 'This voucher is switched off.'],
      [
        check((await makeVoucher({ storeId: basics.storeB.id })).code),
        `This voucher is only for products of ${basics.storeB.name}. Select a product of that store to use it.`,
      ],
    ];
    for (const [attempt, reason] of reasons) {
      const err = await failure(attempt());
      expect([err.message, err.envelopeStatus]).toEqual([reason, 201]);
    }
    const start = new Date(Date.now() + 86_400_000);
    const later = await failure(voucherValidity(u.id, (await makeVoucher({ startsAt: start })).code));
    expect(later.message).toBe(`This voucher can be used from ${start.toISOString().slice(0, 10)}.`);
  });

  it('spends a voucher once per user by default and splits a shop-wide one over the stores exactly', async () => {
    const u = await shopper();
    const a = await product({ selling: 1000, stock: 50 });
    const b = await product({ storeId: basics.storeB.id, selling: 2000, stock: 50 });
    await putInCart(u.id, a.id, 1);
    await putInCart(u.id, b.id, 1);
    const v = await makeVoucher({ amount: 1001 });
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: v.code.toLowerCase() }));
    const rows = await queryRows<{ discount: number; total: number }>(
      getDb(),
      sql`select discount::int as discount, total::int as total from orders where order_no = ${placed.order_no} order by total`,
    );
    expect(rows.reduce((n, r) => n + r.discount, 0)).toBe(1001);
    expect(placed.total).toBe(3000 - 1001);
    await putInCart(u.id, a.id, 1);
    expect((await failure(placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: v.code })))).message).toBe(
      'You have already used this voucher as many times as it allows.',
    );
  });

  it('taxes goods after discounts by the state, else the country, rounded half up', async () => {
    await getDb()
      .insert(taxRates)
      .values([
        { countryCode: 'CA', stateCode: null, rateBp: 500 },
        { countryCode: 'CA', stateCode: 'ON', rateBp: 1300 },
      ]);
    const on = await shopper('CA', 'ON');
    const bc = await shopper('CA', 'BC');
    const p = await product({ selling: 1005, stock: 50 });
    await putInCart(on.id, p.id, 1);
    await putInCart(bc.id, p.id, 1);
    // 1005 × 13 % = 130.65 → 131; 1005 × 5 % = 50.25 → 50.
    expect((await previewCheckout(on.id, { address_id: on.addressId })).totals).toMatchObject({ tax: 131, total: 1136 });
    expect((await previewCheckout(bc.id, { address_id: bc.addressId })).totals).toMatchObject({ tax: 50, total: 1055 });
    const placed = await placeOrder(on, orderBody({ address_id: on.addressId, tax: 0 }));
    expect(placed.total).toBe(1136);
  });

  it('does not tax shipping (decision 0017): the tax is the rate of the goods alone, in the preview and in the order written', async () => {
    await getDb().insert(taxRates).values({ countryCode: 'US', stateCode: 'WA', rateBp: 1000 });
    const u = await shopper('US', 'WA');
    const rule = await makeRule([{ country: 'US', price: 450 }]);
    const p = await product({ selling: 2000, stock: 50, shippingRuleId: rule });
    await putInCart(u.id, p.id, 1);
    // 10 % of the goods (2000) is 200; of goods and shipping (2450) it would be 245.
    expect((await previewCheckout(u.id, { address_id: u.addressId })).totals).toMatchObject({
      subtotal: 2000,
      shipping: 450,
      tax: 200,
      total: 2650,
    });
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }));
    expect(placed.total).toBe(2650);
    const [order] = await queryRows<{ shipping_total: number; tax: number; total: number }>(
      getDb(),
      sql`select shipping_total::int as shipping_total, tax::int as tax, total::int as total from orders where order_no = ${placed.order_no}`,
    );
    expect(order).toEqual({ shipping_total: 450, tax: 200, total: 2650 });
  });

  it('records a store voucher on the order of its store only, as checkout writes it', async () => {
    const u = await shopper();
    const a = await product({ selling: 3000, stock: 50 });
    const b = await product({ storeId: basics.storeB.id, selling: 2000, stock: 50 });
    await putInCart(u.id, a.id, 1);
    await putInCart(u.id, b.id, 1);
    const v = await makeVoucher({ amount: 400, storeId: basics.storeB.id });
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: v.code }));
    const rows = await queryRows<{ store_id: number; voucher_id: number | null; discount: number }>(
      getDb(),
      sql`select store_id, voucher_id, discount::int as discount from orders where order_no = ${placed.order_no} order by store_id`,
    );
    expect(rows).toHaveLength(2);
    const byStore = new Map(rows.map((r) => [r.store_id, { voucher_id: r.voucher_id, discount: r.discount }]));
    expect(byStore.get(basics.storeA.id)).toEqual({ voucher_id: null, discount: 0 });
    expect(byStore.get(basics.storeB.id)).toEqual({ voucher_id: v.id, discount: 400 });
  });
});

describe('voucher rules at their edges', () => {
  const fmt = { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 } as const;

  it('starting now applies, ending now does not, the exact minimum spend applies, a store voucher takes only its store', async () => {
    const u = await shopper();
    const now = new Date();
    const goods = new Map([
      [basics.storeA.id, 5000],
      [basics.storeB.id, 3000],
    ]);
    const apply = (code: string, g = goods) => applyVoucher(getDb(), u.id, code, g, fmt, now);
    expect((await apply((await makeVoucher({ startsAt: now })).code)).discount).toBe(500);
    expect((await failure(apply((await makeVoucher({ endsAt: now })).code))).form).toEqual(['This voucher has expired.']);
    expect((await apply((await makeVoucher({ minSpend: 8000 })).code)).discount).toBe(500);
    expect((await failure(apply((await makeVoucher({ minSpend: 8001 })).code))).form).toEqual([
      'Spend at least $80.01 to use this voucher.',
    ]);
    // A whole-shop percent voucher counts every store's goods; a store's counts only that store's.
    const shop = await apply((await makeVoucher({ priceType: 2, amount: 10 })).code);
    expect(shop.discount).toBe(800);
    expect([...shop.base]).toEqual([...goods]);
    const storeB = await apply((await makeVoucher({ priceType: 2, amount: 10, storeId: basics.storeB.id })).code);
    expect(storeB.discount).toBe(300);
    expect([...storeB.base]).toEqual([[basics.storeB.id, 3000]]);
    const onlyA = new Map([[basics.storeA.id, 5000]]);
    const refused = await failure(apply((await makeVoucher({ storeId: basics.storeB.id })).code, onlyA));
    expect(refused.form[0]).toMatch(/^This voucher is only for products of .+\. Select a product of that store to use it\.$/);
    expect(refused.details).toMatchObject({ fields: { voucher_code: refused.form[0] } });
  });

  it('a per-user limit of 0 is no limit', async () => {
    const u = await shopper();
    const unlimited = await makeVoucher({ perUserLimit: 0 });
    for (let i = 0; i < 2; i++) {
      const p = await product({ stock: 5 });
      await putInCart(u.id, p.id, 1);
      await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: unlimited.code }));
    }
    const goods = new Map([[basics.storeA.id, 5000]]);
    expect((await applyVoucher(getDb(), u.id, unlimited.code, goods, fmt)).discount).toBe(500);
  });
});

describe('under concurrency (PostgreSQL with a pool of 8; PGlite runs them one at a time)', () => {
  it('50 concurrent checkouts for the last 5 units give exactly 5 orders and stock 0', async () => {
    const p = await product({ stock: 50 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => shopper()));
    for (const b of buyers) await putInCart(b.id, p.id, 1);
    await getDb().execute(sql`update products set stock = 5 where id = ${p.id}`);
    const results = await Promise.allSettled(buyers.map((b) => placeOrder(b, orderBody({ address_id: b.addressId }))));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.httpStatus === 409)).toBe(true);
    expect(await stockOf(p.id)).toBe(0);
    expect(await countRows('order_lines', sql`product_id = ${p.id}`)).toBe(5);
  });

  it('a voucher with one use redeemed by 20 concurrent checkouts: exactly one succeeds', async () => {
    const p = await product({ stock: 100, selling: 5000 });
    const v = await makeVoucher({ usageLimit: 1, amount: 1000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const b of buyers) await putInCart(b.id, p.id, 1);
    const results = await Promise.allSettled(
      buyers.map((b) => placeOrder(b, orderBody({ address_id: b.addressId, voucher_code: v.code }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await queryRows<{ used_count: number }>(getDb(), sql`select used_count from vouchers where id = ${v.id}`);
    expect(row!.used_count).toBe(1);
    expect(await countRows('orders', sql`voucher_id = ${v.id}`)).toBe(1);
    expect(await stockOf(p.id)).toBe(99);
  });

  it('one idempotency key sent 10 times at once gives one order and the same answer; another key a second order', async () => {
    const u = await shopper();
    const p = await product({ stock: 100 });
    await putInCart(u.id, p.id, 2);
    const body = orderBody({ address_id: u.addressId, idempotency_key: 'key-one-0001' });
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(u, body)));
    expect(new Set(results.map((r) => r.order_no)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const { replayed: _a, ...first } = results[0]!;
    for (const { replayed: _r, ...r } of results) expect(r).toEqual(first);
    expect(await countRows('orders', sql`user_id = ${u.id}`)).toBe(1);
    await putInCart(u.id, p.id, 1);
    const second = await placeOrder(u, orderBody({ address_id: u.addressId, idempotency_key: 'key-two-0002' }));
    expect(second.order_no).not.toBe(first.order_no);
    expect(await countRows('orders', sql`user_id = ${u.id}`)).toBe(2);
    expect(await stockOf(p.id)).toBe(97);

    // A week on, the keys are purged (one order in a hundred does it); a newer key stays.
    await getDb().execute(
      sql`update idempotency_keys set created_at = now() - interval '8 days' where user_id = ${u.id} and key = 'key-one-0001'`,
    );
    await purgeOldKeys();
    const keys = await queryRows<{ key: string }>(getDb(), sql`select key from idempotency_keys where user_id = ${u.id} order by key`);
    expect(keys.map((k) => k.key)).toEqual(['key-two-0002']);
  });
});

describe('one shopper, two tabs (PostgreSQL with a pool of 8; PGlite runs them one at a time)', () => {
  it('the same cart placed twice at once with two different keys is one order', async () => {
    const p = await product({ stock: 100, selling: 2500 });
    const q = await product({ storeId: basics.storeB.id, stock: 100, selling: 1500 });
    const v = await makeVoucher({ usageLimit: 0, perUserLimit: 0, amount: 300 });
    // Five shoppers, each with two tabs racing, so that the tabs really overlap on PostgreSQL (the pool's
    // connections opened first, so neither tab waits for one).
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopper()));
    for (const u of shoppers) {
      await putInCart(u.id, p.id, 2);
      await putInCart(u.id, q.id, 1);
    }
    await Promise.all(Array.from({ length: 8 }, () => getDb().execute(sql`select 1`)));
    const tab = (u: (typeof shoppers)[number], key: string) =>
      placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: v.code, idempotency_key: key }));
    const races = await Promise.all(shoppers.map((u) => Promise.allSettled([tab(u, `tab-one-${u.id}`), tab(u, `tab-two-${u.id}`)])));
    for (const [i, results] of races.entries()) {
      const u = shoppers[i]!;
      const placed = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
      // The other tab is either told nothing is selected any more, or shown the same purchase (an unpaid
      // order reused) — never a second purchase.
      expect(placed.length).toBeGreaterThan(0);
      expect(new Set(placed.map((r) => r.order_no)).size).toBe(1);
      for (const err of refused) {
        expect(err).toBeInstanceOf(AppError);
        expect([err.httpStatus, err.message]).toEqual([422, NOTHING_SELECTED]);
      }
      // One purchase: one order per store and one payment row.
      const orderNos = await queryRows<{ order_no: string }>(getDb(), sql`select distinct order_no from orders where user_id = ${u.id}`);
      expect(orderNos).toHaveLength(1);
      expect(await countRows('orders', sql`user_id = ${u.id}`)).toBe(2);
      expect(await countRows('payments', sql`order_no = ${orderNos[0]!.order_no}`)).toBe(1);
    }
    // The stock and the voucher taken once per shopper.
    expect([await stockOf(p.id), await stockOf(q.id)]).toEqual([100 - 2 * 5, 100 - 5]);
    const [used] = await queryRows<{ used_count: number }>(getDb(), sql`select used_count from vouchers where id = ${v.id}`);
    expect(used!.used_count).toBe(5);
  });
});

describe('the success and fail pages', () => {
  it('show on the first visit and go home on the next', async () => {
    const u = await shopper();
    const p = await product({ stock: 5 });
    await putInCart(u.id, p.id, 1);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }));
    expect(await visitOnce(u.id, placed.order_id, 'success')).toBe('show');
    expect(await visitOnce(u.id, placed.order_id, 'success')).toBe('home');
    expect(await visitOnce(u.id, placed.order_id, 'fail')).toBe('show');
    const other = await shopper();
    expect((await failure(visitOnce(other.id, placed.order_id, 'success'))).httpStatus).toBe(404);
  });
});
