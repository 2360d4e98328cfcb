import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { addresses, categories, shippingPlaces, stores } from '@/server/db/schema';
import { getSettings, putSetting } from '@/server/settings';
import { settleAfterAnswer } from '@/server/core/background';
import { changeCart } from '@/server/cart/change';
import type { SessionUser } from '@/server/core/actor';
import { failPath, payPath, placeOrder, successPath } from '@/server/orders/place';
import { newOrderNo, removeCartLines } from '@/server/orders/write';
import { useScratchOutbox } from './auth-helpers';
import { failure, makeAddress, makeProduct, makeRule, makeUser } from './cart-fixtures';
import { makeVoucher, orderBody, putInCart, stockOf } from './checkout-fixtures';
import { TEST_KEYS } from './payment-fixtures';

/**
 * orders/place.ts and orders/write.ts called directly (issue 38, docs/mutation-testing.md runs V2 and V3): every
 * column checkout writes for each store's order, line, history and payment row, the answer the shopper's
 * browser is given, the refusals word for word, a key sent twice, and the unpaid purchase of the same cart
 * answered again instead of a second one. An empty shop with stores of its own; Stripe configured (no call
 * reaches it: placing an order never starts the payment).
 */
useTestDatabase();
useScratchOutbox();
afterEach(settleAfterAnswer);

const STRIPE = {
  STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
};
let categoryId = 0;
let n = 0;

beforeAll(async () => {
  Object.assign(process.env, STRIPE);
  const [c] = await getDb().insert(categories).values({ slug: 'place-chargers', title: 'Chargers' }).returning();
  categoryId = c!.id;
});
afterAll(() => {
  for (const k of Object.keys(STRIPE)) delete process.env[k];
});

async function store(name: string, commissionRateBp: number | null = null) {
  const [s] = await getDb()
    .insert(stores)
    .values({ name, slug: `place-${++n}-${name.toLowerCase().replace(/\W+/g, '-')}`, commissionRateBp })
    .returning();
  return s!;
}

async function buyer(): Promise<SessionUser & { addressId: number }> {
  const id = await makeUser();
  const [u] = await queryRows<{ name: string; email: string }>(getDb(), sql`select name, email from users where id = ${id}`);
  return { id, name: u!.name, email: u!.email, roles: [], permissions: [], twoFactor: false, addressId: await makeAddress(id, 'US', 'CA') };
}

const ordersOf = (orderNo: string) =>
  queryRows<Record<string, unknown>>(
    getDb(),
    sql`select id, user_id, store_id, status, payment_status, payment_method, shipping_type, currency, subtotal::int as subtotal,
          shipping_total::int as shipping_total, discount::int as discount, tax::int as tax, total::int as total, voucher_id, email,
          shipping_address->>'id' as ship_id, shipping_address->>'state' as ship_state, billing_address->>'id' as bill_id,
          tracking_code, note
        from orders where order_no = ${orderNo} order by id`,
  );
const linesOf = (orderId: number) =>
  queryRows<Record<string, unknown>>(
    getDb(),
    sql`select product_id, inventory_id, title, attributes, unit_price::int as unit_price, quantity, shipping_price::int as shipping_price,
          line_total::int as line_total, discount_share::int as discount_share, commission_rate_bp, commission_minor::int as commission_minor
        from order_lines where order_id = ${orderId} order by id`,
  );
const historyOf = async (orderId: number) =>
  (
    await queryRows<{ status: string; note: string | null }>(
      getDb(),
      sql`select status, note from order_status_history where order_id = ${orderId} order by id`,
    )
  ).map((h) => [h.status, h.note]);
const paymentOf = async (orderNo: string) =>
  (
    await queryRows<Record<string, unknown>>(
      getDb(),
      sql`select method, gateway, amount::int as amount, currency, status, details from payments where order_no = ${orderNo}`,
    )
  )[0];
const cartProducts = async (userId: number) =>
  (
    await queryRows<{ product_id: number }>(
      getDb(),
      sql`select l.product_id from cart_lines l join carts c on c.id = l.cart_id where c.user_id = ${userId} order by l.id`,
    )
  ).map((r) => r.product_id);
const count = async (table: string, where: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!.n);

const UNAVAILABLE = 'This payment method is not available. Choose another one.';

describe('writing a purchase over two stores', () => {
  it('writes each order, line, first status and the one payment row exactly as priced, and answers the shopper', async () => {
    const a = await store('Amp Alley', 1500);
    const b = await store('Byte Bazaar');
    const u = await buyer();
    const billingId = await makeAddress(u.id, 'US', 'NY');
    const rule = await makeRule([{ country: 'US', price: 450 }]);
    const pa = await makeProduct({ storeId: a.id, categoryId, selling: 2000, stock: 9, shippingRuleId: rule });
    const pv = await makeProduct({ storeId: a.id, categoryId, selling: 1000, stock: 9, variants: [{ price: 1500, quantity: 4 }] });
    const pb = await makeProduct({ storeId: b.id, categoryId, selling: 3000, stock: 9 });
    const kept = await makeProduct({ storeId: b.id, categoryId, selling: 100, stock: 9 });
    await putInCart(u.id, pa.id, 2);
    await putInCart(u.id, pv.id, 1, pv.variantIds[0]);
    await putInCart(u.id, pb.id, 1);
    const keptLine = await putInCart(u.id, kept.id, 1);
    await changeCart({ userId: u.id }, { checked: [], unchecked: [keptLine.id] });
    // 10 % off store A's first product only (4000 → 400 off).
    const v = await makeVoucher({ priceType: 2, amount: 10, productIds: [pa.id] });
    const now = new Date();

    const placed = await placeOrder(
      u,
      orderBody({ address_id: u.addressId, billing_address_id: billingId, voucher_code: v.code, note: 'Ring twice' }),
      now,
    );

    expect(placed.order_no).toMatch(new RegExp(`^${now.toISOString().slice(0, 10).replace(/-/g, '')}-[0-9A-F]{10}$`));
    const rows = await ordersOf(placed.order_no);
    expect(rows).toHaveLength(2);
    const [ra, rb] = rows;
    const common = {
      user_id: u.id,
      status: 'pending',
      payment_status: 0,
      payment_method: 2,
      shipping_type: 1,
      currency: 'USD',
      email: u.email,
      ship_id: String(u.addressId),
      ship_state: 'CA',
      bill_id: String(billingId),
      note: 'Ring twice',
    };
    expect(ra).toMatchObject({
      ...common,
      store_id: a.id,
      subtotal: 5500,
      shipping_total: 450,
      discount: 400,
      tax: 0,
      total: 5550,
      voucher_id: v.id,
    });
    expect(rb).toMatchObject({
      ...common,
      store_id: b.id,
      subtotal: 3000,
      shipping_total: 0,
      discount: 0,
      tax: 0,
      total: 3000,
      voucher_id: null,
    });
    for (const r of rows) expect(r.tracking_code).toMatch(/^VM[0-9A-F]{12}$/);
    expect(ra!.tracking_code).not.toBe(rb!.tracking_code);

    // Store A's own rate (15 %) on each line less its part of the voucher; store B the shop's default (10 %).
    expect(await linesOf(ra!.id as number)).toEqual([
      {
        product_id: pa.id,
        inventory_id: null,
        title: expect.stringMatching(/^Cart test /),
        attributes: '',
        unit_price: 2000,
        quantity: 2,
        shipping_price: 450,
        line_total: 4000,
        discount_share: 400,
        commission_rate_bp: 1500,
        commission_minor: 540,
      },
      {
        product_id: pv.id,
        inventory_id: pv.variantIds[0],
        title: expect.stringMatching(/^Cart test /),
        attributes: expect.stringMatching(/Shade 0/),
        unit_price: 1500,
        quantity: 1,
        shipping_price: 0,
        line_total: 1500,
        discount_share: 0,
        commission_rate_bp: 1500,
        commission_minor: 225,
      },
    ]);
    expect(await linesOf(rb!.id as number)).toEqual([
      expect.objectContaining({ product_id: pb.id, line_total: 3000, discount_share: 0, commission_rate_bp: 1000, commission_minor: 300 }),
    ]);
    expect(await historyOf(ra!.id as number)).toEqual([['pending', 'Order placed']]);
    expect(await historyOf(rb!.id as number)).toEqual([['pending', 'Order placed']]);
    expect(await paymentOf(placed.order_no)).toEqual({
      method: 2,
      gateway: 'cod',
      amount: 8550,
      currency: 'USD',
      status: 'pending',
      details: null,
    });

    expect(placed).toEqual({
      order_id: ra!.id,
      order_no: placed.order_no,
      orders: [
        { id: ra!.id, store_id: a.id, store_name: 'Amp Alley', total: 5550, status: 'pending', payment_status: 0 },
        { id: rb!.id, store_id: b.id, store_name: 'Byte Bazaar', total: 3000, status: 'pending', payment_status: 0 },
      ],
      total: 8550,
      currency: 'USD',
      payment: { method: 2, status: 0, next: `/user/order/success/${ra!.id}` },
      replayed: false,
    });
    // The stock is taken, the voucher's use too, and only the unchecked line stays in the cart.
    expect([await stockOf(pa.id), await stockOf(pb.id), await stockOf(kept.id)]).toEqual([7, 8, 9]);
    expect(Number((await queryRows<{ n: number }>(getDb(), sql`select used_count as n from vouchers where id = ${v.id}`))[0]!.n)).toBe(1);
    expect(await cartProducts(u.id)).toEqual([kept.id]);
    // The stock ledger says who took it and why (an operator reads it on the product's stock page).
    expect(
      await queryRows(getDb(), sql`select change, reason, actor_id from stock_ledger where product_id = ${pa.id} order by id desc limit 1`),
    ).toEqual([{ change: -2, reason: 'order', actor_id: u.id }]);
  });

  it('without a note or billing address: an empty note, billing = shipping; no mail unless asked', async () => {
    const s = await store('Cell Cellar');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1200 });
    await putInCart(u.id, p.id, 1);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }));
    expect(await ordersOf(placed.order_no)).toEqual([
      expect.objectContaining({ note: '', bill_id: String(u.addressId), ship_id: String(u.addressId), total: 1200, voucher_id: null }),
    ]);
    expect(await count('mail_outbox', sql`"to" = ${u.email}`)).toBe(0);
  });

  it("queues the shopper's confirmation in the order's transaction when asked", async () => {
    const s = await store('Dynamo Den');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1200 });
    await putInCart(u.id, p.id, 1);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }), new Date(), {
      lang: 'en',
      origin: 'http://shop.test',
      siteName: 'Voltmart',
    });
    const [mail] = await queryRows<{ subject: string; text: string }>(
      getDb(),
      sql`select subject, text from mail_outbox where "to" = ${u.email}`,
    );
    expect(mail!.text).toContain(placed.order_no);
  });

  it('a number of its own per purchase: the day, then ten hex digits', () => {
    expect(newOrderNo(new Date('2026-03-09T23:59:59Z'))).toMatch(/^20260309-[0-9A-F]{10}$/);
    expect(newOrderNo()).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-`));
    expect(newOrderNo()).not.toBe(newOrderNo());
  });

  it("the shopper's next pages: success, fail and pay, by the first order's id", () => {
    expect([successPath(12), failPath(12), payPath(12)]).toEqual(['/user/order/success/12', '/user/order/fail/12', '/user/order/pay/12']);
  });

  it('a billing address is taken for billing, never as where the parcel goes', async () => {
    const s = await store('Relay Row');
    const u = await buyer();
    const [bill] = await getDb()
      .insert(addresses)
      .values({
        userId: u.id,
        kind: 'billing',
        name: 'Bill Payer',
        email: 'b@example.com',
        phone: '555-000-1111',
        country: 'US',
        state: 'NY',
        city: 'Town',
        zip: '10001',
        address1: '2 Side St',
      })
      .returning();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1200, stock: 5 });
    await putInCart(u.id, p.id, 1);
    const err = await failure(placeOrder(u, orderBody({ address_id: bill!.id })));
    expect([err.code, err.message, err.details]).toEqual([
      'VALIDATION',
      'Please add an address first.',
      { fields: { address_id: 'Please add an address first.' } },
    ]);
    expect(await stockOf(p.id)).toBe(5);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId, billing_address_id: bill!.id }));
    expect(await ordersOf(placed.order_no)).toEqual([
      expect.objectContaining({ ship_id: String(u.addressId), bill_id: String(bill!.id), ship_state: 'CA' }),
    ]);
  });

  it('removing no lines removes nothing', async () => {
    const s = await store('Echo Electronics');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId });
    await putInCart(u.id, p.id, 1);
    const [cart] = await queryRows<{ id: number }>(getDb(), sql`select id from carts where user_id = ${u.id}`);
    await getDb().transaction((tx) => removeCartLines(tx, cart!.id, []));
    expect(await cartProducts(u.id)).toEqual([p.id]);
  });
});

describe('refusals, word for word, and nothing written', () => {
  it('a method that does not exist or is not configured', async () => {
    const u = await buyer();
    for (const method of [8, 99]) {
      const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: method })));
      expect([err.code, err.message, err.details]).toEqual(['VALIDATION', UNAVAILABLE, { fields: { payment_method: UNAVAILABLE } }]);
    }
  });

  it("bank transfer: refused without the shop's account; with it, the details kept only when the shopper gave some", async () => {
    const s = await store('Flux Factory');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 2500, stock: 10 });
    await putInCart(u.id, p.id, 1);
    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7 })));
    expect([err.message, err.details]).toEqual([UNAVAILABLE, { fields: { payment_method: UNAVAILABLE } }]);
    expect(await stockOf(p.id)).toBe(10);

    const before = (await getSettings()).bank_account;
    await putSetting('bank_account', { ...before, bank_name: 'Shop Bank', account_number: '987654' });
    try {
      const blank = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7, transaction_id: '', bank_name: '' }));
      expect(await paymentOf(blank.order_no)).toMatchObject({ method: 7, gateway: 'bank', details: null });
      expect(blank.payment).toEqual({ method: 7, status: 0, next: `/user/order/success/${blank.order_id}` });

      await putInCart(u.id, p.id, 1);
      const half = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7, bank_name: 'Mine' })));
      expect(half.code).toBe('VALIDATION');
      expect(Object.keys((half.details as { fields: Record<string, string> }).fields).sort()).toEqual([
        'account_holder',
        'account_number',
        'branch_name',
        'transaction_id',
      ]);
      const given = { transaction_id: 'TX-1', bank_name: 'Mine', account_holder: 'Ada', account_number: '42', branch_name: 'North' };
      const full = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7, ...given }));
      expect((await paymentOf(full.order_no))!.details).toEqual(given);
    } finally {
      await putSetting('bank_account', before);
    }
  });

  it('bank transfer: any one of its fields given alone asks for the four others', async () => {
    const s = await store('Quartz Quay');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 2500, stock: 10 });
    await putInCart(u.id, p.id, 1);
    const before = (await getSettings()).bank_account;
    await putSetting('bank_account', { ...before, bank_name: 'Shop Bank', account_number: '987654' });
    try {
      const all = ['account_holder', 'account_number', 'bank_name', 'branch_name', 'transaction_id'];
      for (const field of all) {
        const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7, [field]: 'Given' })));
        expect([field, err.code, Object.keys((err.details as { fields: Record<string, string> }).fields).sort()]).toEqual([
          field,
          'VALIDATION',
          all.filter((f) => f !== field),
        ]);
      }
      expect(await count('orders', sql`user_id = ${u.id}`)).toBe(0);
    } finally {
      await putSetting('bank_account', before);
    }
  });

  it('bank transfer fields sent with another method are not read: the purchase is placed, no details kept', async () => {
    const s = await store('Pulse Plaza');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 2500, stock: 10 });
    await putInCart(u.id, p.id, 1);
    const card = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, bank_name: 'Mine' }));
    expect(await paymentOf(card.order_no)).toMatchObject({ method: 3, gateway: 'stripe', details: null });
  });

  it('no cart, nothing checked, a product of a suspended store: refused, nothing taken', async () => {
    const none = await buyer();
    const e1 = await failure(placeOrder(none, orderBody({ address_id: none.addressId })));
    expect([e1.code, e1.message]).toEqual(['VALIDATION', "You don't have any product selected. Please a select a product first."]);
    // With a voucher code too: nothing selected is said first, not the voucher's refusal.
    const e0 = await failure(placeOrder(none, orderBody({ address_id: none.addressId, voucher_code: 'NO-SUCH-CODE' })));
    expect([e0.code, e0.message]).toEqual(['VALIDATION', "You don't have any product selected. Please a select a product first."]);

    const s = await store('Gate Goods');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, stock: 5 });
    const line = await putInCart(u.id, p.id, 1);
    await changeCart({ userId: u.id }, { checked: [], unchecked: [line.id] });
    const e2 = await failure(placeOrder(u, orderBody({ address_id: u.addressId })));
    expect([e2.code, e2.message]).toEqual(['VALIDATION', "You don't have any product selected. Please a select a product first."]);

    await changeCart({ userId: u.id }, { checked: [line.id], unchecked: [] });
    await getDb().update(stores).set({ status: 0 }).where(eq(stores.id, s.id));
    const e3 = await failure(placeOrder(u, orderBody({ address_id: u.addressId })));
    expect([e3.code, e3.message]).toEqual([
      'VALIDATION',
      'Gate Goods is not selling at the moment, so its products cannot be ordered. Remove them from your cart and try again.',
    ]);
    expect(await stockOf(p.id)).toBe(5);
    expect(await count('orders', sql`user_id = ${u.id}`)).toBe(0);
  });

  it('a voucher that does not apply is refused with its reason, not dropped', async () => {
    const s = await store('Hub House');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, stock: 5 });
    await putInCart(u.id, p.id, 1);
    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: 'NO-SUCH-CODE' })));
    expect(err.message).toBe('This voucher code does not exist. Check the code and try again.');
    const used = await makeVoucher({ perUserLimit: 1 });
    await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: used.code }));
    await putInCart(u.id, p.id, 1);
    const again = await failure(placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: used.code })));
    expect(again.message).toBe('You have already used this voucher as many times as it allows.');
    expect(await count('orders', sql`user_id = ${u.id}`)).toBe(1);
  });
});

describe('a key sent twice', () => {
  it('answers the first purchase again (replayed), and one not paid yet sends the shopper to the pay page', async () => {
    const s = await store('Ion Inlet');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1500, stock: 5 });
    await putInCart(u.id, p.id, 1);
    const first = await placeOrder(u, orderBody({ address_id: u.addressId, idempotency_key: 'key-cod-1' }));
    expect(first.replayed).toBe(false);
    const again = await placeOrder(u, orderBody({ address_id: u.addressId, idempotency_key: 'key-cod-1' }));
    expect(again).toEqual({ ...first, replayed: true });

    await putInCart(u.id, p.id, 1);
    const card = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, idempotency_key: 'key-card-1' }));
    expect(card.payment).toEqual({ method: 3, status: 0, next: null });
    const replay = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, idempotency_key: 'key-card-1' }));
    expect(replay).toEqual({ ...card, payment: { method: 3, status: 0, next: `/user/order/pay/${card.order_id}` }, replayed: true });
    expect(await stockOf(p.id)).toBe(3);
  });

  it('a key whose first purchase is still being placed: "This order is still being placed…"', async () => {
    const u = await buyer();
    await getDb().execute(sql`insert into idempotency_keys (user_id, key) values (${u.id}, 'key-busy')`);
    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, idempotency_key: 'key-busy' })));
    expect([err.code, err.message]).toEqual(['CONFLICT', 'This order is still being placed. Please wait a moment and reload.']);
  });
});

describe('the same cart placed again while its online payment is open', () => {
  it('answers the unpaid purchase with the method chosen now: no second order, no second stock hold', async () => {
    const s = await store('Joule Junction');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 1800, stock: 6 });
    await putInCart(u.id, p.id, 2);
    const card = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3 }));
    expect(card.payment.next).toBeNull();
    expect(await paymentOf(card.order_no)).toMatchObject({ method: 3, gateway: 'stripe', amount: 3600 });
    await putInCart(u.id, p.id, 2);

    const cod = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 2, idempotency_key: 'twin-key' }));
    expect(cod).toEqual({
      order_id: card.order_id,
      order_no: card.order_no,
      orders: card.orders,
      total: 3600,
      currency: 'USD',
      payment: { method: 2, status: 0, next: `/user/order/success/${card.order_id}` },
      replayed: false,
    });
    expect(await paymentOf(card.order_no)).toMatchObject({ method: 2, gateway: 'cod', amount: 3600, details: null });
    // No details given: the column stays empty (SQL null), not a JSON null written over it.
    expect(await count('payments', sql`order_no = ${card.order_no} and details is null`)).toBe(1);
    expect(await count('orders', sql`user_id = ${u.id}`)).toBe(1);
    expect(await stockOf(p.id)).toBe(4);
    expect(await cartProducts(u.id)).toEqual([]);
    // The key remembers that answer.
    expect(await placeOrder(u, orderBody({ address_id: u.addressId, idempotency_key: 'twin-key' }))).toEqual({ ...cod, replayed: true });
  });

  it("over two stores, answers the purchase's total in cents, the sum of its orders' (on PostgreSQL too)", async () => {
    const a = await store('Nano Nexus');
    const b = await store('Opto Outlet');
    const u = await buyer();
    const pa = await makeProduct({ storeId: a.id, categoryId, selling: 3600, stock: 6 });
    const pb = await makeProduct({ storeId: b.id, categoryId, selling: 2000, stock: 6 });
    await putInCart(u.id, pa.id, 1);
    await putInCart(u.id, pb.id, 1);
    const card = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3 }));
    await putInCart(u.id, pa.id, 1);
    await putInCart(u.id, pb.id, 1);
    const again = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3 }));
    // Before the fix in orders/reuse.ts, PostgreSQL answered "036002000" (the bigint totals read as strings, concatenated).
    expect([again.order_no, again.total, again.orders.map((o) => o.total)]).toEqual([card.order_no, 5600, [3600, 2000]]);
  });

  it('with bank transfer details given now, keeps them on that purchase', async () => {
    const before = (await getSettings()).bank_account;
    await putSetting('bank_account', { ...before, bank_name: 'Shop Bank', account_number: '987654' });
    try {
      const s = await store('Kilowatt Kiosk');
      const u = await buyer();
      const p = await makeProduct({ storeId: s.id, categoryId, selling: 900, stock: 6 });
      await putInCart(u.id, p.id, 1);
      const card = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3 }));
      await putInCart(u.id, p.id, 1);
      const given = { transaction_id: 'TX-2', bank_name: 'Mine', account_holder: 'Ada', account_number: '42', branch_name: 'North' };
      const bank = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 7, ...given }));
      expect(bank.order_no).toBe(card.order_no);
      expect(await paymentOf(card.order_no)).toMatchObject({ method: 7, gateway: 'bank', details: given });
      expect(await count('orders', sql`user_id = ${u.id}`)).toBe(1);
    } finally {
      await putSetting('bank_account', before);
    }
  });

  it('a voucher of one use held by that unpaid purchase answers it, rather than refusing the voucher', async () => {
    const s = await store('Lumen Lane');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 2000, stock: 6 });
    const v = await makeVoucher({ perUserLimit: 1, amount: 500 });
    await putInCart(u.id, p.id, 1);
    const card = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, voucher_code: v.code }));
    expect(card.total).toBe(1500);
    await putInCart(u.id, p.id, 1);
    const again = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, voucher_code: v.code }));
    expect([again.order_no, again.total, again.replayed]).toEqual([card.order_no, 1500, false]);
    expect(await count('orders', sql`user_id = ${u.id}`)).toBe(1);
    // Another cart (two pieces now): no purchase holds it, so the voucher's refusal stands.
    await putInCart(u.id, p.id, 2);
    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, voucher_code: v.code })));
    expect(err.message).toBe('You have already used this voucher as many times as it allows.');
  });

  it('with a voucher that still applies, answers the purchase that carries it, and a card purchase is sent to pay (next: null)', async () => {
    const s = await store('Shunt Street');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 2000, stock: 6 });
    const v = await makeVoucher({ amount: 300 });
    await putInCart(u.id, p.id, 1);
    const card = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, voucher_code: v.code }));
    await putInCart(u.id, p.id, 1);
    const again = await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, voucher_code: v.code }));
    expect([again.order_no, again.total, again.payment, again.replayed]).toEqual([
      card.order_no,
      1700,
      { method: 3, status: 0, next: null },
      false,
    ]);
    expect(await count('orders', sql`user_id = ${u.id}`)).toBe(1);
    expect(await stockOf(p.id)).toBe(5);
  });

  it("a held voucher's unpaid purchase is not answered for a cart that cannot be placed now: the voucher's refusal stands", async () => {
    const s = await store('Tesla Terrace');
    const u = await buyer();
    const rule = await makeRule([{ country: 'US', price: 450 }]);
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 2000, stock: 6, shippingRuleId: rule });
    const v = await makeVoucher({ perUserLimit: 1, amount: 500 });
    await putInCart(u.id, p.id, 1);
    await placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, voucher_code: v.code }));
    // The same cart, but the product no longer ships to the shopper's country.
    await getDb().update(shippingPlaces).set({ countryCode: 'CA' }).where(eq(shippingPlaces.shippingRuleId, rule));
    await putInCart(u.id, p.id, 1);
    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId, payment_method: 3, voucher_code: v.code })));
    expect([err.code, err.message]).toEqual(['VALIDATION', 'You have already used this voucher as many times as it allows.']);
    expect(await count('orders', sql`user_id = ${u.id}`)).toBe(1);
  });

  it('a purchase paid offline is never answered again: the same cart by cash on delivery twice is two purchases', async () => {
    const s = await store('Mosfet Market');
    const u = await buyer();
    const p = await makeProduct({ storeId: s.id, categoryId, selling: 700, stock: 6 });
    await putInCart(u.id, p.id, 1);
    const one = await placeOrder(u, orderBody({ address_id: u.addressId }));
    await putInCart(u.id, p.id, 1);
    const two = await placeOrder(u, orderBody({ address_id: u.addressId }));
    expect(two.order_no).not.toBe(one.order_no);
    expect(await stockOf(p.id)).toBe(4);
  });
});
