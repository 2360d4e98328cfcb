import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { placeOrder } from '@/server/orders/place';
import { requestReturn } from '@/server/orders/returns';
import { listStoreVouchers } from '@/server/vouchers/store-vouchers';
import { listReviews } from '@/server/reviews/list';
import { settleAfterAnswer } from '@/server/core/background';
import { useScratchOutbox } from './auth-helpers';
import { makeProduct, shopBasics } from './cart-fixtures';
import { orderBody, putInCart, shopper } from './checkout-fixtures';
import { account, api, makeOrder, page, PAGE_DRAWN, reviewOf, voucherOf, type Account } from './backoffice-fixtures';

/**
 * The seller's daily work (issue 35): orders mailed to the seller, cancelling with a reason, store vouchers and
 * their rules, public replies to reviews, and the store's team with an orders-only role. Both databases.
 */
useTestDatabase({ demo: true });
useScratchOutbox();
afterEach(settleAfterAnswer);

let basics: Awaited<ReturnType<typeof shopBasics>>;
let sellerA: Account;
let sellerB: Account;
beforeAll(async () => {
  basics = await shopBasics();
  sellerA = await account(['seller'], [], [basics.storeA.id]);
  sellerB = await account(['seller'], [], [basics.storeB.id]);
});

// The answers' shapes vary per endpoint; each test reads the fields it checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any; errors?: unknown };
const mailsTo = (to: string) =>
  queryRows<{ subject: string; text: string }>(getDb(), sql`select subject, text from mail_outbox where "to" = ${to} order by id`);
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);
const voucherBody = (over: Record<string, unknown> = {}) => ({
  code: `sw-${process.pid}-${Math.random().toString(36).slice(2, 7)}`,
  title: 'Five off',
  price_type: 1,
  amount: 500,
  min_spend: 2000,
  starts_at: today(),
  ends_at: inAWeek(),
  ...over,
});

describe('orders of the seller’s store', () => {
  it('mails the store’s seller for each new order, in the order’s transaction', async () => {
    const u = await shopper();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1500, stock: 5 });
    await putInCart(u.id, p.id, 2);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }), new Date(), {
      lang: 'en',
      origin: 'http://shop.test',
      siteName: 'Voltmart',
    });
    const mails = await mailsTo(sellerA.email);
    const mail = mails.find((m) => m.subject.includes(`#${placed.order_id}`));
    expect(mail?.subject).toBe(`Voltmart: new order #${placed.order_id}`);
    expect(mail?.text).toContain(`http://shop.test/seller/orders/${placed.order_id}`);
    expect(mail?.text).toContain('(2 items)');
    // The other store's seller is told nothing about it.
    expect((await mailsTo(sellerB.email)).some((m) => m.subject.includes(`#${placed.order_id}`))).toBe(false);
  });

  it('cancels an order only with a reason, which the shopper is mailed; never once a parcel left', async () => {
    const email = `cancel-${process.pid}-${Date.now()}@example.com`;
    const id = await makeOrder(basics.storeA.id, { status: 'confirmed', email });
    const bare = await api(`/api/v1/seller/orders/${id}/status`, sellerA, { body: { status: 'cancelled' } });
    expect(bare.status).toBe(422);
    expect((await json(bare)).message).toBe('Say why the order is cancelled in the note: the shopper is mailed the reason.');
    const done = await api(`/api/v1/seller/orders/${id}/status`, sellerA, {
      body: { status: 'cancelled', note: 'The last one was damaged' },
    });
    expect(done.status).toBe(200);
    expect((await json(done)).data).toEqual({ order_id: id, status: 'cancelled' });
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain('The last one was damaged');

    const sent = await makeOrder(basics.storeA.id, { status: 'confirmed' });
    const [line] = await queryRows<{ id: number }>(getDb(), sql`select id from order_lines where order_id = ${sent}`);
    await getDb().execute(sql`insert into shipments (order_id, carrier, tracking_number) values (${sent}, 'dhl', 'X1')`);
    expect(line).toBeDefined();
    const late = await api(`/api/v1/seller/orders/${sent}/status`, sellerA, { body: { status: 'cancelled', note: 'Too late' } });
    expect(late.status).toBe(422);
    expect((await json(late)).message).toBe('Part of this order has already been shipped, so it can no longer be cancelled.');
  });

  it('mails the store’s seller when a shopper asks to return goods', async () => {
    const u = await shopper();
    const id = await makeOrder(basics.storeA.id, { status: 'delivered' });
    await getDb().execute(sql`update orders set user_id = ${u.id} where id = ${id}`);
    const [line] = await queryRows<{ id: number }>(getDb(), sql`select id from order_lines where order_id = ${id}`);
    const input = { order_id: id, reason: 'It stopped charging', lines: [{ line_id: line!.id, quantity: 1 }] };
    await requestReturn(u.id, input as Parameters<typeof requestReturn>[1], new Date(), {
      origin: 'http://shop.test',
      siteName: 'Voltmart',
    });
    const mail = (await mailsTo(sellerA.email)).find((m) => m.subject.includes(`#${id}`));
    expect(mail?.subject).toBe(`Voltmart: a return is asked for order #${id}`);
    expect(mail?.text).toContain('Their reason: It stopped charging');
    expect(mail?.text).toContain(`http://shop.test/seller/orders/${id}#returns`);
  });

  it('the seller’s home counts today’s new orders and low stock of their store, and shows its rating', async () => {
    const before = (await json(await api('/api/v1/seller', sellerA))).data.today;
    await makeOrder(basics.storeA.id);
    await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 900, stock: 2 });
    const after = (await json(await api('/api/v1/seller', sellerA))).data.today;
    expect(after.new_today.count).toBe(before.new_today.count + 1);
    expect(after.low_stock.count).toBe(before.low_stock.count + 1);
    expect(after.ratings.map((r: { store_id: number }) => r.store_id)).toEqual([basics.storeA.id]);
    // Another store's order does not count in this store's day.
    await makeOrder(basics.storeB.id);
    expect((await json(await api('/api/v1/seller', sellerA))).data.today.new_today.count).toBe(after.new_today.count);
  });

  it('another store’s return is not found through the seller’s own order', async () => {
    const other = await makeOrder(basics.storeB.id, { status: 'delivered' });
    const [ret] = await queryRows<{ id: number }>(
      getDb(),
      sql`insert into order_returns (order_id, reason, lines, photos) values (${other}, 'Broken', '[]'::jsonb, '[]'::jsonb) returning id`,
    );
    const own = await makeOrder(basics.storeA.id, { status: 'delivered' });
    const res = await api(`/api/v1/seller/orders/${own}/returns/approve`, sellerA, { body: { return_id: ret!.id } });
    expect(res.status).toBe(404);
  });
});

describe('store vouchers', () => {
  it('a seller creates a voucher of their store: shoppers see it on the store, and it can be edited and disabled', async () => {
    const body = voucherBody();
    const res = await api('/api/v1/seller/vouchers', sellerA, { body });
    expect(res.status).toBe(200);
    const made = (await json(res)).data;
    expect(made).toMatchObject({ code: body.code.toUpperCase(), store_id: basics.storeA.id, amount: 500, status: 'active', running: true });
    expect((await listStoreVouchers(basics.storeA.id)).map((v) => v.id)).toContain(made.id);
    expect((await listStoreVouchers(basics.storeB.id)).map((v) => v.id)).not.toContain(made.id);

    const listed = await json(await api('/api/v1/seller/vouchers', sellerA));
    expect(listed.data.items.map((v: { id: number }) => v.id)).toContain(made.id);
    expect((await json(await api('/api/v1/seller/vouchers', sellerB))).data.items.map((v: { id: number }) => v.id)).not.toContain(made.id);

    const edited = await api(`/api/v1/seller/vouchers/${made.id}`, sellerA, { body: { ...body, title: 'Six off', amount: 600 } });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data).toMatchObject({ title: 'Six off', amount: 600 });

    const off = await api(`/api/v1/seller/vouchers/${made.id}/status`, sellerA, { body: { status: 'disabled' } });
    expect(off.status).toBe(200);
    expect((await json(off)).data).toMatchObject({ status: 'disabled', running: false });
    expect((await listStoreVouchers(basics.storeA.id)).map((v) => v.id)).not.toContain(made.id);

    // Another store's seller: as if it did not exist.
    expect((await api(`/api/v1/seller/vouchers/${made.id}`, sellerB)).status).toBe(404);
    expect((await api(`/api/v1/seller/vouchers/${made.id}`, sellerB, { body })).status).toBe(404);
  });

  it('refuses what cannot be a voucher, saying why, and writes nothing', async () => {
    const refused = async (over: Record<string, unknown>) => {
      const res = await api('/api/v1/seller/vouchers', sellerA, { body: voucherBody(over) });
      expect(res.status, JSON.stringify(over)).toBe(422);
      return json(res);
    };
    const before = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from vouchers`);
    expect((await refused({ price_type: 2, amount: 150 })).message).toContain('A percentage can be at most 100.');
    expect((await refused({ amount: 0 })).message).toContain('The amount must be a whole number above 0.');
    expect((await refused({ amount: 5000, min_spend: 2000 })).message).toContain('A fixed discount cannot be more than the minimum spend.');
    expect((await refused({ starts_at: inAWeek(), ends_at: today() })).message).toContain('The last day must not be before the first day.');
    expect((await refused({ code: 'a b' })).message).toContain('The code must be 3 to 30 letters, digits, hyphens or underscores.');
    expect((await refused({ title: '' })).message).toContain('Give the voucher a title of at most 100 characters.');
    expect((await refused({ ends_at: 'soon' })).message).toContain('Give the last day as a date.');
    expect(await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from vouchers`)).toEqual(before);

    // A code another voucher has (any store's) is a conflict, in words.
    const taken = await voucherOf(basics.storeB.id, { code: `TAKEN${process.pid}` });
    expect(taken).toBeGreaterThan(0);
    const dup = await api('/api/v1/seller/vouchers', sellerA, { body: voucherBody({ code: `taken${process.pid}` }) });
    expect(dup.status).toBe(409);
    expect((await json(dup)).message).toBe('Another voucher already has this code. Choose another one.');
    // A seller cannot put a voucher in another store.
    expect((await api('/api/v1/seller/vouchers', sellerA, { body: voucherBody({ store_id: basics.storeB.id }) })).status).toBe(404);
  });
});

describe('replies to reviews', () => {
  it('one public reply per review, shown under it on the product page; edited and deleted; another store’s is 404', async () => {
    const id = await reviewOf(basics.storeA.id);
    const [review] = await queryRows<{ product_id: number }>(getDb(), sql`select product_id from reviews where id = ${id}`);
    const listed = await json(await api('/api/v1/seller/reviews?replied=no', sellerA));
    expect(listed.data.items.map((r: { id: number }) => r.id)).toContain(id);

    const empty = await api(`/api/v1/seller/reviews/${id}/reply`, sellerA, { body: { reply: '  ' } });
    expect(empty.status).toBe(422);
    expect((await json(empty)).message).toContain('Write the reply first.');

    expect((await api(`/api/v1/seller/reviews/${id}/reply`, sellerA, { body: { reply: 'Thank you, Rae!' } })).status).toBe(200);
    const shown = async () => (await listReviews(review!.product_id, 1, 50)).data.find((r) => r.id === id)!;
    expect((await shown()).reply).toMatchObject({ text: 'Thank you, Rae!', store: basics.storeA.name });

    // One reply: writing again replaces it.
    expect((await api(`/api/v1/seller/reviews/${id}/reply`, sellerA, { body: { reply: 'Thanks again' } })).status).toBe(200);
    expect((await shown()).reply?.text).toBe('Thanks again');

    expect((await api(`/api/v1/seller/reviews/${id}/reply`, sellerB, { body: { reply: 'Not mine' } })).status).toBe(404);
    expect((await api(`/api/v1/seller/reviews/${id}/delete-reply`, sellerB, { body: {} })).status).toBe(404);
    expect((await shown()).reply?.text).toBe('Thanks again');

    expect((await api(`/api/v1/seller/reviews/${id}/delete-reply`, sellerA, { body: {} })).status).toBe(200);
    expect((await shown()).reply).toBeNull();
    expect((await api(`/api/v1/seller/reviews/${id}/delete-reply`, sellerA, { body: {} })).status).toBe(422);
  });
});

describe('the store’s team', () => {
  it('the seller invites an orders-only member by mail; that member gets 403 on products and the team, and their orders open', async () => {
    const email = `member-${process.pid}-${Date.now()}@example.com`;
    const res = await api('/api/v1/seller/team', sellerA, { body: { name: 'Ola Orders', email, role: 'orders' } });
    expect(res.status).toBe(200);
    const member = (await json(res)).data;
    expect(member).toMatchObject({ email, role: 'orders', store_id: basics.storeA.id, invited: true });
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain('/reset-password?token=');

    const team = await json(await api('/api/v1/seller/team', sellerA));
    expect(team.data.items.map((m: { email: string }) => m.email)).toEqual(expect.arrayContaining([sellerA.email, email]));
    expect((await json(await api('/api/v1/seller/team', sellerB))).data.items.map((m: { email: string }) => m.email)).not.toContain(email);

    // Signed in as the member: orders yes; products, vouchers, reviews and the team no.
    const { signIn } = await import('./backoffice-fixtures');
    const orders = { id: member.id, email, cookie: await signIn(member.id) };
    expect((await api('/api/v1/seller/orders', orders)).status).toBe(200);
    expect((await api('/api/v1/seller/products', orders)).status).toBe(403);
    expect((await page('/seller/products', orders)).status).toBe(403);
    expect((await api('/api/v1/seller/vouchers', orders)).status).toBe(403);
    expect((await api('/api/v1/seller/team', orders)).status).toBe(403);
    const ownOrder = await makeOrder(basics.storeA.id);
    const otherOrder = await makeOrder(basics.storeB.id);
    expect((await api(`/api/v1/seller/orders/${ownOrder}`, orders)).status).toBe(200);
    expect((await api(`/api/v1/seller/orders/${otherOrder}`, orders)).status).toBe(404);

    // Everything in the store: products open, the team still does not.
    expect((await api(`/api/v1/seller/team/${member.id}`, sellerA, { body: { role: 'store' } })).status).toBe(200);
    expect((await api('/api/v1/seller/products', orders)).status).toBe(200);
    expect(await (await page('/seller/vouchers', orders)).text()).toBe(PAGE_DRAWN);
    expect((await api('/api/v1/seller/team', orders)).status).toBe(403);

    // One store per person: a second invitation of the same email is refused, by any store.
    const again = await api('/api/v1/seller/team', sellerB, { body: { name: 'Ola', email, role: 'orders' } });
    expect(again.status).toBe(409);
    // The owner is not changed or removed from here; another store's seller does not find the member.
    expect((await api(`/api/v1/seller/team/${sellerA.id}/remove`, sellerA, { body: {} })).status).toBe(409);
    expect((await api(`/api/v1/seller/team/${member.id}/remove`, sellerB, { body: {} })).status).toBe(404);

    expect((await api(`/api/v1/seller/team/${member.id}/remove`, sellerA, { body: {} })).status).toBe(200);
    expect((await api('/api/v1/seller/orders', orders)).status).toBe(401);
  });
});
