import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import {
  addresses,
  categories,
  contactMessages,
  customerNotes,
  newsletterSubscribers,
  orderLines,
  orderReturns,
  orders,
  orderStatusHistory,
  reviews,
  sessions,
  stores,
  users,
} from '@/server/db/schema';
import { CustomersQuerySchema } from '@/lib/schemas/customers';
import {
  addCustomerNote,
  eraseCustomer,
  exportCustomer,
  getCustomer,
  listCustomers,
  lockCustomer,
  setCustomerEnabled,
} from '@/server/customers/manage';
import { failure, makeProduct } from './cart-fixtures';

/**
 * customers/manage.ts called directly (issue 38, docs/mutation-testing.md run AC): the customers list (shoppers
 * only, each filter on its own, the search with `%` and `_` read as themselves, keyset pages), one customer with
 * every figure, disabling and enabling, notes, the GDPR export and erasure. An empty shop with people written here.
 */
useTestDatabase();

let n = 0;
let storeId = 0;
let productId = 0;

async function person(over: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(users)
    .values({ name: `Person ${++n}`, email: `person-${n}@people.test`, ...over })
    .returning();
  return row!;
}

async function orderOf(userId: number | null, email: string, over: Partial<typeof orders.$inferInsert> = {}): Promise<number> {
  const k = ++n;
  const [row] = await getDb()
    .insert(orders)
    .values({
      orderNo: `CU${k}`,
      storeId,
      userId,
      status: 'delivered',
      paymentMethod: 2,
      email,
      trackingCode: `CT${k}`,
      subtotal: 2500,
      total: 2500,
      shippingAddress: {
        name: 'Ship Name',
        email,
        phone: '5125550100',
        country: 'US',
        state: 'TX',
        city: 'Austin',
        zip: '78701',
        address_1: '1 Main St',
      },
      ...over,
    })
    .returning({ id: orders.id });
  return row!.id;
}

const q = (query: Record<string, unknown> = {}) => CustomersQuerySchema.parse(query);
const ids = async (query: Record<string, unknown> = {}) => (await listCustomers(q(query))).items.map((c) => c.id);
const userOf = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  const [s] = await getDb().insert(stores).values({ name: 'People Store', slug: 'people-store' }).returning();
  const [c] = await getDb().insert(categories).values({ slug: 'people-cat', title: 'Cat' }).returning();
  storeId = s!.id;
  productId = (await makeProduct({ storeId, categoryId: c!.id })).id;
});

describe('the customers list (shoppers only)', () => {
  let ann: number, bob: number, cy: number, dee: number, eve: number;
  beforeAll(async () => {
    ann = (await person({ name: 'Ann Alpha', email: 'ann@list.test', phone: '5125550001', createdAt: new Date('2026-03-03T23:59:59Z') }))
      .id;
    bob = (await person({ name: 'Bob 100%_Beta', email: 'bob@list.test', status: 0, createdAt: new Date('2026-03-04T00:00:00Z') })).id;
    cy = (await person({ name: 'Cy Gamma', email: 'cy@list.test', phone: '5125559999', createdAt: new Date('2026-03-05T23:59:59Z') })).id;
    dee = (
      await person({
        name: 'Dee Erased',
        email: 'erased-x@erased.invalid',
        status: 0,
        erasedAt: new Date('2026-03-07T00:00:00Z'),
        createdAt: new Date('2026-03-06T00:00:00Z'),
      })
    ).id;
    eve = (await person({ name: 'Eve Staff', email: 'eve@list.test', roles: ['staff'] })).id;
    await orderOf(ann, 'ann@list.test');
    await orderOf(ann, 'ann@list.test');
    await orderOf(cy, 'cy@list.test');
  });

  it('shows every field, newest first, and no one holding a back-office role', async () => {
    const page = await listCustomers(q());
    expect(page).toEqual({
      items: [
        {
          id: dee,
          name: 'Dee Erased',
          email: 'erased-x@erased.invalid',
          phone: null,
          status: 'erased',
          orders: 0,
          created_at: '2026-03-06T00:00:00.000Z',
        },
        {
          id: cy,
          name: 'Cy Gamma',
          email: 'cy@list.test',
          phone: '5125559999',
          status: 'active',
          orders: 1,
          created_at: '2026-03-05T23:59:59.000Z',
        },
        {
          id: bob,
          name: 'Bob 100%_Beta',
          email: 'bob@list.test',
          phone: null,
          status: 'disabled',
          orders: 0,
          created_at: '2026-03-04T00:00:00.000Z',
        },
        {
          id: ann,
          name: 'Ann Alpha',
          email: 'ann@list.test',
          phone: '5125550001',
          status: 'active',
          orders: 2,
          created_at: '2026-03-03T23:59:59.000Z',
        },
      ],
      next_cursor: null,
    });
    expect(await ids()).not.toContain(eve);
  });

  it('filters by state, by orders, and by sign-up days (both ends included, a whole day)', async () => {
    expect(await ids({ status: 'active' })).toEqual([cy, ann]);
    expect(await ids({ status: 'disabled' })).toEqual([bob]);
    expect(await ids({ status: 'erased' })).toEqual([dee]);
    expect(await ids({ orders: 'yes' })).toEqual([cy, ann]);
    expect(await ids({ orders: 'no' })).toEqual([dee, bob]);
    expect(await ids({ from: '2026-03-04' })).toEqual([dee, cy, bob]);
    expect(await ids({ to: '2026-03-05' })).toEqual([cy, bob, ann]);
    expect(await ids({ from: '2026-03-04', to: '2026-03-04' })).toEqual([bob]);
    expect(await ids({ status: 'active', orders: 'yes', from: '2026-03-05' })).toEqual([cy]);
  });

  it('searches the name, email and phone, case aside, with % and _ read as themselves', async () => {
    expect(await ids({ q: 'ALPHA' })).toEqual([ann]);
    expect(await ids({ q: 'CY@LIST' })).toEqual([cy]);
    expect(await ids({ q: '559999' })).toEqual([cy]);
    expect(await ids({ q: 'list.test' })).toEqual([cy, bob, ann]);
    expect(await ids({ q: '100%_' })).toEqual([bob]);
    expect(await ids({ q: 'Bob 1_0' })).toEqual([]);
    expect(await ids({ q: 'Bob 10%0' })).toEqual([]);
    expect(await ids({ q: 'Ann%Alpha' })).toEqual([]);
    // Digits with words: the digits find the rows, the whole piece decides.
    expect(await ids({ q: 'Alpha ann@list.test 5125550001' })).toEqual([ann]);
    expect(await ids({ q: 'Gamma 5125550001' })).toEqual([]);
    expect(await ids({ q: 'Eve Staff' })).toEqual([]);
  });

  it('pages by keyset on the id; a broken cursor is a 422 in words', async () => {
    const first = await listCustomers(q({ q: 'list.test', per_page: 2 }));
    expect(first.items.map((c) => c.id)).toEqual([cy, bob]);
    const second = await listCustomers(q({ q: 'list.test', per_page: 2, cursor: first.next_cursor }));
    expect([second.items.map((c) => c.id), second.next_cursor]).toEqual([[ann], null]);
    expect((await listCustomers(q({ q: 'list.test', per_page: 3 }))).next_cursor).toBeNull();
    const err = await failure(listCustomers(q({ cursor: 'garbage' })));
    expect([err.code, err.message]).toEqual(['VALIDATION', 'This page link is broken. Start from the first page.']);
  });
});

describe('one customer', () => {
  it('shows the account, addresses, orders, reviews, what they spent, what is open and the notes', async () => {
    const author = await person({ name: 'Opal Operator', roles: ['staff'] });
    const c = await person({
      name: 'Carla Card',
      email: 'carla@one.test',
      phone: '555-0101',
      emailVerifiedAt: new Date(),
      createdAt: new Date('2026-01-02T03:04:05Z'),
    });
    const other = await person();
    await getDb()
      .insert(addresses)
      .values([
        {
          userId: c.id,
          name: 'Carla Work',
          email: 'w@one.test',
          phone: '1',
          country: 'US',
          state: 'TX',
          city: 'Austin',
          zip: '78701',
          address1: '2 Work St',
        },
        {
          userId: c.id,
          kind: 'billing',
          name: 'Carla Home',
          email: 'h@one.test',
          phone: '2',
          country: 'FR',
          state: 'IDF',
          city: 'Paris',
          zip: '75001',
          address1: '9 Rue',
          address2: 'Apt 4',
          isDefault: true,
        },
        {
          userId: other.id,
          name: 'Not Hers',
          email: 'x@one.test',
          phone: '3',
          country: 'US',
          state: 'TX',
          city: 'Austin',
          zip: '1',
          address1: 'x',
        },
      ]);
    const at = (d: string) => new Date(`2026-02-0${d}T00:00:00Z`);
    // Paid and delivered, partly refunded: 2500 − 500. Paid and shipped (open): 4000. Unpaid: nothing spent.
    const o1 = await orderOf(c.id, c.email, { paymentStatus: 1, refundedTotal: 500, createdAt: at('1') });
    const o2 = await orderOf(c.id, c.email, { paymentStatus: 1, total: 4000, status: 'shipped', currency: 'EUR', createdAt: at('3') });
    const o3 = await orderOf(c.id, c.email, { paymentStatus: 0, status: 'cancelled', createdAt: at('3') });
    // Delivered with a return under way: open. Refunded with a return refused: not.
    const o4 = await orderOf(c.id, c.email, { paymentStatus: 1, total: 1000, refundedTotal: 1000, status: 'refunded', createdAt: at('2') });
    const o5 = await orderOf(c.id, c.email, { paymentStatus: 1, total: 100, createdAt: at('2') });
    await getDb()
      .insert(orderReturns)
      .values([
        { orderId: o4, reason: 'No', lines: [], status: 'refused' },
        { orderId: o5, reason: 'Broken', lines: [], status: 'received' },
      ]);
    await orderOf(other.id, other.email, { paymentStatus: 1, status: 'pending' });
    const [r1, r2] = await getDb()
      .insert(reviews)
      .values([
        { productId, userId: c.id, authorName: 'Carla', rating: 4, review: 'Good', createdAt: new Date('2026-02-05T00:00:00Z') },
        {
          productId,
          userId: c.id,
          authorName: 'Carla',
          rating: 1,
          review: 'Hidden one',
          status: 0,
          createdAt: new Date('2026-02-06T00:00:00Z'),
        },
      ])
      .returning({ id: reviews.id });
    const [n1, n2] = await getDb()
      .insert(customerNotes)
      .values([
        { userId: c.id, authorId: author.id, note: 'Prefers calls', createdAt: new Date('2026-02-07T00:00:00Z') },
        { userId: c.id, authorId: null, note: 'Written by the system', createdAt: new Date('2026-02-08T00:00:00Z') },
      ])
      .returning({ id: customerNotes.id });
    const [product] = await queryRows<{ title: string }>(getDb(), sql`select title from products where id = ${productId}`);
    const shown = await getCustomer(c.id);
    const order = (id: number, status: string, total: number, refunded: number, paid: number, day: string, currency = 'USD') => ({
      id,
      order_no: expect.stringMatching(/^CU\d+$/),
      status,
      payment_status: paid,
      total,
      refunded_total: refunded,
      currency,
      created_at: `2026-02-0${day}T00:00:00.000Z`,
    });
    expect(shown).toEqual({
      id: c.id,
      name: 'Carla Card',
      email: 'carla@one.test',
      phone: '555-0101',
      status: 'active',
      orders: 5,
      created_at: '2026-01-02T03:04:05.000Z',
      email_verified: true,
      erased_at: null,
      total_spent: 2000 + 4000 + 0 + 100,
      open_orders: 2,
      addresses: [
        expect.objectContaining({
          kind: 'billing',
          name: 'Carla Home',
          email: 'h@one.test',
          phone: '2',
          address: '9 Rue, Apt 4, Paris, IDF, 75001, FR',
          is_default: true,
        }),
        expect.objectContaining({
          kind: 'shipping',
          name: 'Carla Work',
          email: 'w@one.test',
          phone: '1',
          address: '2 Work St, Austin, TX, 78701, US',
          is_default: false,
        }),
      ],
      recent_orders: [
        order(o3, 'cancelled', 2500, 0, 0, '3'),
        order(o2, 'shipped', 4000, 0, 1, '3', 'EUR'),
        order(o5, 'delivered', 100, 0, 1, '2'),
        order(o4, 'refunded', 1000, 1000, 1, '2'),
        order(o1, 'delivered', 2500, 500, 1, '1'),
      ],
      reviews: [
        {
          id: r2!.id,
          product_id: productId,
          product: product!.title,
          rating: 1,
          review: 'Hidden one',
          shown: false,
          created_at: '2026-02-06T00:00:00.000Z',
        },
        {
          id: r1!.id,
          product_id: productId,
          product: product!.title,
          rating: 4,
          review: 'Good',
          shown: true,
          created_at: '2026-02-05T00:00:00.000Z',
        },
      ],
      notes: [
        { id: n2!.id, note: 'Written by the system', author: null, created_at: '2026-02-08T00:00:00.000Z' },
        { id: n1!.id, note: 'Prefers calls', author: 'Opal Operator', created_at: '2026-02-07T00:00:00.000Z' },
      ],
    });
    expect(shown.addresses.map((a) => typeof a.id)).toEqual(['number', 'number']);
  });

  it('a customer with nothing: zero spent, nothing open, empty lists, e-mail not verified', async () => {
    const c = await person({ name: 'Nil Nobody', email: 'nil@one.test', status: 0 });
    expect(await getCustomer(c.id)).toMatchObject({
      status: 'disabled',
      orders: 0,
      email_verified: false,
      total_spent: 0,
      open_orders: 0,
      addresses: [],
      recent_orders: [],
      reviews: [],
      notes: [],
    });
  });

  it('an erased customer shows when', async () => {
    const c = await person({ status: 0, erasedAt: new Date('2026-04-01T12:00:00Z') });
    expect(await getCustomer(c.id)).toMatchObject({ status: 'erased', erased_at: '2026-04-01T12:00:00.000Z' });
  });

  it('an account with a back-office role, or nobody, is "not found" by its number', async () => {
    const staff = await person({ roles: ['seller'] });
    for (const id of [staff.id, 987_654]) {
      for (const call of [() => getCustomer(id), () => exportCustomer(id), () => getDb().transaction((t) => lockCustomer(t, id))]) {
        const err = await failure(call());
        expect([err.code, err.message]).toEqual(['NOT_FOUND', `Customer ${id} could not be found.`]);
      }
    }
  });
});

describe('disabling and enabling sign-in', () => {
  const session = async (userId: number) =>
    getDb()
      .insert(sessions)
      .values({ idHash: `cs-${userId}-${++n}`, userId, expiresAt: new Date(Date.now() + 3_600_000) });
  const sessionCount = async (userId: number) => (await getDb().select().from(sessions).where(eq(sessions.userId, userId))).length;
  const set = (id: number, on: boolean) => getDb().transaction((t) => setCustomerEnabled(t, id, on));

  it('disabling ends their sessions (nobody else’s); enabling lets them in again, sessions untouched', async () => {
    const c = await person({ email: 'Dana@Enable.test' });
    const other = await person();
    await session(c.id);
    await session(other.id);
    expect(await set(c.id, false)).toEqual({ before: 'active', after: 'disabled', email: 'Dana@Enable.test' });
    expect((await userOf(c.id)).status).toBe(0);
    expect([await sessionCount(c.id), await sessionCount(other.id)]).toEqual([0, 1]);
    await session(c.id);
    expect(await set(c.id, true)).toEqual({ before: 'disabled', after: 'active', email: 'Dana@Enable.test' });
    expect((await userOf(c.id)).status).toBe(1);
    expect(await sessionCount(c.id)).toBe(1);
  });

  it('refuses what is so already, and anything on an erased customer (409 in words), changing nothing', async () => {
    const on = await person();
    const off = await person({ status: 0 });
    const erased = await person({ status: 0, erasedAt: new Date() });
    await session(on.id);
    const cases: [number, boolean, string][] = [
      [on.id, true, 'This customer can sign in already.'],
      [off.id, false, "This customer's sign-in is disabled already."],
      [erased.id, true, "This customer's data was erased: there is nothing left to change."],
      [erased.id, false, "This customer's data was erased: there is nothing left to change."],
    ];
    for (const [id, enable, message] of cases) {
      const err = await failure(set(id, enable));
      expect([err.code, err.message]).toEqual(['CONFLICT', message]);
    }
    expect([(await userOf(on.id)).status, (await userOf(off.id)).status, (await userOf(erased.id)).status]).toEqual([1, 0, 0]);
    expect(await sessionCount(on.id)).toBe(1);
  });

  it('an account with a back-office role is not a customer here', async () => {
    const owner = await person({ roles: ['owner'] });
    const err = await failure(set(owner.id, false));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', `Customer ${owner.id} could not be found.`]);
    expect((await userOf(owner.id)).status).toBe(1);
  });
});

describe("an operator's note", () => {
  it('is added with its author (or none) and shown newest first; a staff account gets none', async () => {
    const author = await person({ name: 'Nora Noter', roles: ['staff'] });
    const c = await person();
    const a = await getDb().transaction((t) => addCustomerNote(t, c.id, author.id, 'Call after 5pm'));
    const b = await getDb().transaction((t) => addCustomerNote(t, c.id, null, 'Second note'));
    expect(b.id).toBeGreaterThan(a.id);
    expect((await getCustomer(c.id)).notes.map((x) => [x.id, x.note, x.author])).toEqual([
      [b.id, 'Second note', null],
      [a.id, 'Call after 5pm', 'Nora Noter'],
    ]);
    const err = await failure(getDb().transaction((t) => addCustomerNote(t, author.id, author.id, 'Never')));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', `Customer ${author.id} could not be found.`]);
    expect(await getDb().select().from(customerNotes).where(eq(customerNotes.userId, author.id))).toEqual([]);
  });
});

/** One person with something in every table the export and erasure read, and another with the same beside. */
async function everything(name: string, email: string) {
  const c = await person({ name, email, phone: '5550199', passwordHash: 'secret-hash', totpSecret: 'TOTP', emailVerifiedAt: new Date() });
  await getDb().insert(addresses).values({
    userId: c.id,
    name,
    email,
    phone: '5550199',
    country: 'FR',
    state: 'IDF',
    city: 'Paris',
    zip: '75001',
    address1: '77 Privacy Row',
  });
  const done = await orderOf(c.id, email, {
    paymentStatus: 1,
    note: 'Leave at the door',
    billingAddress: { name, country: 'FR', state: 'IDF', city: 'Paris' },
  });
  // A guest order under the same email (other case), made before they signed up.
  const guest = await orderOf(null, email.toUpperCase(), { status: 'cancelled' });
  await getDb().insert(orderLines).values({ orderId: done, title: 'Bench charger', unitPrice: 2500, quantity: 1, lineTotal: 2500 });
  await getDb().insert(orderStatusHistory).values({ orderId: done, status: 'delivered', note: 'Handed over' });
  await getDb().insert(reviews).values({ productId, userId: c.id, orderId: done, authorName: name, rating: 5, review: 'Lovely' });
  await getDb()
    .insert(customerNotes)
    .values({ userId: c.id, note: `${name} calls often` });
  await getDb().insert(newsletterSubscribers).values({ email: email.toUpperCase() });
  await getDb().insert(contactMessages).values({ name, email, subject: 'Hello', message: 'A question' });
  await getDb().execute(sql`insert into saved_cards (user_id, gateway, gateway_token, brand, last4, exp_month, exp_year)
                             values (${c.id}, 'stripe', ${`tok-${c.id}`}, 'visa', '4242', 12, 2030)`);
  await getDb().execute(sql`insert into oauth_accounts (provider, provider_user_id, user_id) values ('google', ${`g-${c.id}`}, ${c.id})`);
  await getDb().execute(
    sql`insert into sessions (id_hash, user_id, expires_at) values (${`es-${c.id}`}, ${c.id}, now() + interval '1 hour')`,
  );
  await getDb().execute(
    sql`insert into user_tokens (user_id, kind, token_hash, expires_at) values (${c.id}, 'reset', 'h', now() + interval '1 hour')`,
  );
  await getDb().execute(sql`insert into recovery_codes (user_id, code_hash) values (${c.id}, 'rc')`);
  await getDb().execute(sql`insert into wishlists (user_id, product_id) values (${c.id}, ${productId})`);
  await getDb().execute(sql`insert into compare_lists (user_id, product_id) values (${c.id}, ${productId})`);
  const [cart] = await queryRows<{ id: number }>(getDb(), sql`insert into carts (user_id) values (${c.id}) returning id`);
  await getDb().execute(sql`insert into cart_lines (cart_id, product_id, quantity) values (${cart!.id}, ${productId}, 2)`);
  await getDb().execute(sql`insert into payments (order_no, method, gateway, amount, currency, status)
                             select order_no, 3, 'stripe', 2500, 'USD', 'paid' from orders where id = ${done}`);
  await getDb().execute(sql`insert into shipments (order_id, carrier, tracking_number) values (${done}, 'UPS', ${`1Z${c.id}`})`);
  await getDb().insert(orderReturns).values({ orderId: done, userId: c.id, reason: 'Changed my mind', lines: [], status: 'refused' });
  for (const status of ['waiting', 'failed', 'sent', 'sending'])
    await getDb().execute(
      sql`insert into mail_outbox ("to", subject, status, give_up_at) values (${email.toUpperCase()}, ${status}, ${status}, now())`,
    );
  return { c, done, guest };
}

describe('GDPR export', () => {
  it('holds everything on the person and nothing of anyone else, no password, secret or card token', async () => {
    const { c, done, guest } = await everything('Xena Export', 'xena@gdpr.test');
    await everything('Yuri Other', 'yuri@gdpr.test');
    const doc = await exportCustomer(c.id);
    expect(Object.keys(doc)).toEqual([
      'exported_at',
      'account',
      'addresses',
      'saved_cards',
      'social_accounts',
      'orders',
      'order_lines',
      'order_history',
      'payments',
      'shipments',
      'returns',
      'reviews',
      'wishlist',
      'compare_list',
      'cart',
      'newsletter',
      'contact_messages',
      'notes',
    ]);
    expect(new Date(doc.exported_at as string).toISOString()).toBe(doc.exported_at);
    expect(Object.keys(doc.account as object).sort()).toEqual(
      ['avatar', 'created_at', 'email', 'email_verified_at', 'erased_at', 'id', 'name', 'phone', 'status', 'updated_at'].sort(),
    );
    expect(doc.account).toMatchObject({
      id: c.id,
      name: 'Xena Export',
      email: 'xena@gdpr.test',
      phone: '5550199',
      status: 1,
      erased_at: null,
    });
    const rows = (k: string) => doc[k] as Record<string, unknown>[];
    expect(rows('addresses').map((a) => a.address_1)).toEqual(['77 Privacy Row']);
    expect(rows('saved_cards').map((s) => [s.brand, s.last4, s.gateway_token])).toEqual([['visa', '4242', undefined]]);
    expect(rows('social_accounts').map((s) => [s.provider, s.provider_user_id])).toEqual([['google', undefined]]);
    // Their own orders (the guest order under their email is not theirs until erasure links it).
    expect(rows('orders').map((o) => [o.id, o.note])).toEqual([[done, 'Leave at the door']]);
    expect(rows('orders').map((o) => o.id)).not.toContain(guest);
    expect(rows('order_lines').map((l) => [l.order_id, l.title])).toEqual([[done, 'Bench charger']]);
    expect(rows('order_history').map((h) => [h.order_id, h.status, h.note])).toEqual([[done, 'delivered', 'Handed over']]);
    expect(rows('payments').map((p) => [p.gateway, p.status])).toEqual([['stripe', 'paid']]);
    expect(rows('shipments').map((x) => [x.order_id, x.carrier, x.tracking_number])).toEqual([[done, 'UPS', `1Z${c.id}`]]);
    expect(rows('returns').map((x) => [x.order_id, x.reason])).toEqual([[done, 'Changed my mind']]);
    expect(rows('reviews').map((r) => [r.author_name, r.review])).toEqual([['Xena Export', 'Lovely']]);
    expect(rows('wishlist').map((w) => w.product_id)).toEqual([productId]);
    expect(rows('compare_list').map((w) => w.product_id)).toEqual([productId]);
    expect(rows('cart').map((l) => [l.product_id, l.quantity])).toEqual([[productId, 2]]);
    expect(rows('newsletter').map((s) => s.email)).toEqual(['XENA@GDPR.TEST']);
    expect(rows('contact_messages').map((m) => [m.name, m.subject])).toEqual([['Xena Export', 'Hello']]);
    expect(rows('notes').map((m) => m.note)).toEqual(['Xena Export calls often']);
    const text = JSON.stringify(doc);
    expect(text).not.toContain('Yuri');
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('TOTP');
  });
});

describe('GDPR erasure', () => {
  const erase = (id: number) => getDb().transaction((t) => eraseCustomer(t, id));

  it('waits for open orders (theirs or under their email) and returns under way, saying how many', async () => {
    const c = await person({ email: 'Wait@Erase.test' });
    const open = await orderOf(c.id, c.email, { status: 'shipped' });
    const guestOpen = await orderOf(null, 'wait@erase.TEST', { status: 'pending' });
    const returning = await orderOf(c.id, c.email, { status: 'delivered' });
    await orderOf(c.id, c.email, { status: 'refunded' });
    const [ret] = await getDb()
      .insert(orderReturns)
      .values({ orderId: returning, reason: 'Broken', lines: [], status: 'approved' })
      .returning();
    const message = (k: number) => `Erasing waits until their open orders and returns are finished (${k} still open).`;
    let err = await failure(erase(c.id));
    expect([err.code, err.message]).toEqual(['CONFLICT', message(3)]);
    await getDb()
      .update(orders)
      .set({ status: 'delivered' })
      .where(sql`${orders.id} in (${open}, ${guestOpen})`);
    err = await failure(erase(c.id));
    expect(err.message).toBe(message(1));
    for (const status of ['requested', 'received'] as const) {
      await getDb().update(orderReturns).set({ status }).where(eq(orderReturns.id, ret!.id));
      expect((await failure(erase(c.id))).message).toBe(message(1));
    }
    expect(await userOf(c.id)).toMatchObject({ email: 'Wait@Erase.test', erasedAt: null });
    await getDb().update(orderReturns).set({ status: 'refunded' }).where(eq(orderReturns.id, ret!.id));
    expect(await erase(c.id)).toEqual({ email: 'Wait@Erase.test', orders: 4 });
  });

  it('removes the person from every table, keeps their orders (country and state only), and is refused a second time', async () => {
    const { c, done, guest } = await everything('Zora Zap', 'zora@gdpr.test');
    const other = await everything('Olga Kept', 'olga@gdpr.test');
    expect(await erase(c.id)).toEqual({ email: 'zora@gdpr.test', orders: 2 });
    const gone = `erased-${c.id}@erased.invalid`;
    const row = await userOf(c.id);
    expect(row).toMatchObject({
      name: 'Erased customer',
      email: gone,
      phone: null,
      passwordHash: null,
      avatar: null,
      totpSecret: null,
      totpEnabledAt: null,
      emailVerifiedAt: null,
      status: 0,
    });
    expect(row.erasedAt).toBeInstanceOf(Date);
    const kept = await getDb()
      .select({
        id: orders.id,
        userId: orders.userId,
        email: orders.email,
        ship: orders.shippingAddress,
        bill: orders.billingAddress,
        note: orders.note,
        total: orders.total,
      })
      .from(orders)
      .where(sql`${orders.id} in (${done}, ${guest})`)
      .orderBy(orders.id);
    expect(kept).toEqual([
      {
        id: done,
        userId: c.id,
        email: gone,
        ship: { country: 'US', state: 'TX' },
        bill: { country: 'FR', state: 'IDF' },
        note: '',
        total: 2500,
      },
      { id: guest, userId: c.id, email: gone, ship: { country: 'US', state: 'TX' }, bill: null, note: '', total: 2500 },
    ]);
    expect((await getDb().select({ a: reviews.authorName }).from(reviews).where(eq(reviews.userId, c.id))).map((r) => r.a)).toEqual([
      'Erased customer',
    ]);
    const count = async (table: string, where: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!.n;
    const byUser = (id: number) => sql`user_id = ${id}`;
    for (const table of [
      'addresses',
      'sessions',
      'user_tokens',
      'oauth_accounts',
      'saved_cards',
      'recovery_codes',
      'customer_notes',
      'wishlists',
      'carts',
      'compare_lists',
    ]) {
      expect({ table, n: await count(table, byUser(c.id)) }).toEqual({ table, n: 0 });
      expect({ table, n: await count(table, byUser(other.c.id)) }).toEqual({ table, n: 1 });
    }
    const byEmail = (e: string) => sql`lower(email) = ${e}`;
    for (const table of ['newsletter_subscribers', 'contact_messages']) {
      expect({ table, n: await count(table, byEmail('zora@gdpr.test')) }).toEqual({ table, n: 0 });
      expect({ table, n: await count(table, byEmail('olga@gdpr.test')) }).toEqual({ table, n: 1 });
    }
    const outbox = async (e: string) =>
      (await queryRows<{ status: string }>(getDb(), sql`select status from mail_outbox where lower("to") = ${e} order by id`)).map(
        (m) => m.status,
      );
    // A mail being sent this very moment is left to its sender.
    expect(await outbox('zora@gdpr.test')).toEqual(['sending']);
    expect(await outbox('olga@gdpr.test')).toEqual(['waiting', 'failed', 'sent', 'sending']);
    expect(await userOf(other.c.id)).toMatchObject({ name: 'Olga Kept', email: 'olga@gdpr.test', erasedAt: null });
    expect((await getDb().select({ n: orders.note }).from(orders).where(eq(orders.id, other.done)))[0]!.n).toBe('Leave at the door');
    const err = await failure(erase(c.id));
    expect([err.code, err.message]).toEqual(['CONFLICT', "This customer's data was erased: there is nothing left to change."]);
    const staff = await person({ roles: ['staff'] });
    expect((await failure(erase(staff.id))).code).toBe('NOT_FOUND');
  });
});
