import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import {
  addresses,
  contactMessages,
  customerNotes,
  newsletterSubscribers,
  orderReturns,
  orders,
  reviews,
  sessions,
  users,
} from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { hashPassword } from '@/server/auth/passwords';
import { lastMailTo } from '@/server/mail/outbox';
import { useScratchOutbox } from './auth-helpers';
import { account, api, auditSince, lastAuditId, makeOrder, signIn, twoStores, userRow, type Account } from './backoffice-fixtures';
import { makeProduct, shopBasics } from './cart-fixtures';
import { requestModule } from './http';

/** Customers in the back office (issue 32): the list, one customer, sign-in, reset mail, notes, GDPR export and erasure. */
useTestDatabase({ demo: true });
const outbox = useScratchOutbox();

let owner: Account;
let staff: Account;
let ordersOnly: Account;
let store: number;

beforeAll(async () => {
  owner = await account(['owner']);
  staff = await account(['staff'], ['read:customer']);
  ordersOnly = await account(['staff'], ['read:order']);
  [store] = await twoStores();
});

/** The envelope, with the HTTP status as `status` (the envelope says 201 for a form's errors). */
const json = async (res: Response) => ({ ...((await res.json()) as { message: string; data: any }), status: res.status }); // eslint-disable-line @typescript-eslint/no-explicit-any

/** The export download through the real middleware. */
const exportOf = async (id: number, who: Account) =>
  requestModule(
    await import('@/pages/admin/customers/[id]/export.json'),
    '/admin/customers/[id]/export.json',
    { id: String(id) },
    `/admin/customers/${id}/export.json`,
    { headers: { cookie: who.cookie } },
  );

let n = 0;
/** A shopper with an address, signed in (the cookie), optionally with orders of the store. */
async function shopper(over: { name?: string; phone?: string; createdAt?: Date } = {}) {
  const email = `cust-${process.pid}-${++n}@example.com`;
  const [row] = await getDb()
    .insert(users)
    .values({
      name: over.name ?? `Carla Customer ${n}`,
      email,
      phone: over.phone ?? `51255501${String(n).padStart(2, '0')}`,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    })
    .returning({ id: users.id });
  const id = row!.id;
  await getDb().insert(addresses).values({
    userId: id,
    name: 'Carla Home',
    email,
    phone: '5125550199',
    country: 'US',
    state: 'TX',
    city: 'Austin',
    zip: '78701',
    address1: '9 Hidden Lane',
  });
  return { id, email, cookie: await signIn(id) };
}

async function orderOf(userId: number, email: string, status: string, paid = true) {
  const id = await makeOrder(store, { status, email });
  await getDb()
    .update(orders)
    .set({ userId, paymentStatus: paid ? 1 : 0 })
    .where(eq(orders.id, id));
  return id;
}

describe('the customers list', () => {
  it('searches by name, email and phone, filters by orders and sign-up days, pages by keyset', async () => {
    const a = await shopper({ name: 'Zebulon Quartz', phone: '5129990001' });
    const b = await shopper({ name: 'Zebulon Quartzite', createdAt: new Date('2020-03-04T10:00:00Z') });
    await orderOf(a.id, a.email, 'delivered');

    const byName = await json(await api('/api/v1/admin/customers?q=zebulon%20quartz', staff));
    expect(byName.status).toBe(200);
    expect(byName.data.items.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect(byName.data.items[1]).toMatchObject({ name: 'Zebulon Quartz', orders: 1, status: 'active' });

    const byEmail = await json(await api(`/api/v1/admin/customers?q=${encodeURIComponent(b.email.toUpperCase())}`, staff));
    expect(byEmail.data.items.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const byPhone = await json(await api('/api/v1/admin/customers?q=5129990001', staff));
    expect(byPhone.data.items.map((c: { id: number }) => c.id)).toEqual([a.id]);

    const withOrders = await json(await api('/api/v1/admin/customers?q=zebulon&orders=yes', staff));
    expect(withOrders.data.items.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const without = await json(await api('/api/v1/admin/customers?q=zebulon&orders=no', staff));
    expect(without.data.items.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const inMarch = await json(await api('/api/v1/admin/customers?q=zebulon&from=2020-03-01&to=2020-03-04', staff));
    expect(inMarch.data.items.map((c: { id: number }) => c.id)).toEqual([b.id]);

    const first = await json(await api('/api/v1/admin/customers?q=zebulon&per_page=1', staff));
    expect(first.data.items.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const second = await json(await api(`/api/v1/admin/customers?q=zebulon&per_page=1&cursor=${first.data.next_cursor}`, staff));
    expect(second.data.items.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect(second.data.next_cursor).toBeNull();
  });

  it('lists shoppers only (not staff), refuses staff without read:customer, and says what is wrong with a bad filter', async () => {
    const all = await json(await api(`/api/v1/admin/customers?q=${encodeURIComponent(owner.email)}`, owner));
    expect(all.data.items).toEqual([]);
    expect((await api('/api/v1/admin/customers', ordersOnly)).status).toBe(403);
    const bad = await json(await api('/api/v1/admin/customers?orders=maybe&from=yesterday', staff));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad)).toMatch(/Has orders must be yes or no/);
  });
});

describe('one customer', () => {
  it('shows profile, addresses, orders, reviews, total spent and notes; a note is audited', async () => {
    const c = await shopper();
    const paid = await orderOf(c.id, c.email, 'delivered');
    await orderOf(c.id, c.email, 'pending', false);
    await getDb().update(orders).set({ refundedTotal: 500 }).where(eq(orders.id, paid));
    const basics = await shopBasics();
    const product = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId });
    await getDb().insert(reviews).values({ productId: product.id, userId: c.id, authorName: 'Carla', rating: 4, review: 'Good' });

    const before = await lastAuditId();
    const noted = await json(await api(`/api/v1/admin/customers/${c.id}/notes`, staff, { body: { note: 'Prefers calls' } }));
    expect(noted.status).toBe(200);
    const one = await json(await api(`/api/v1/admin/customers/${c.id}`, staff));
    expect(one.status).toBe(200);
    expect(one.data).toMatchObject({ id: c.id, email: c.email, orders: 2, total_spent: 2000, open_orders: 1 });
    expect(one.data.addresses[0].address).toContain('9 Hidden Lane');
    expect(one.data.recent_orders).toHaveLength(2);
    expect(one.data.reviews[0]).toMatchObject({ rating: 4, review: 'Good' });
    expect(one.data.notes[0]).toMatchObject({ note: 'Prefers calls' });
    expect((await auditSince(before)).map((e) => [e.action, e.entityId])).toEqual([['customers.note', String(c.id)]]);

    expect((await api(`/api/v1/admin/customers/${owner.id}`, staff)).status).toBe(404);
    expect((await api('/api/v1/admin/customers/99999999', staff)).status).toBe(404);
  });

  it('disabling ends the sessions at once and refuses sign-in; enabling lets them in again', async () => {
    const c = await shopper();
    expect((await api('/api/v1/user/profile', c)).status).toBe(200);
    const before = await lastAuditId();
    const off = await json(await api(`/api/v1/admin/customers/${c.id}/disable`, staff, { body: {} }));
    expect(off).toMatchObject({ status: 200, data: { status: 'disabled' } });
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, c.id))).toEqual([]);
    expect((await api('/api/v1/user/profile', c)).status).toBe(401);
    expect((await userRow(c.id)).status).toBe(0);
    const again = await json(await api(`/api/v1/admin/customers/${c.id}/disable`, staff, { body: {} }));
    expect(again.status).toBe(409);
    const on = await json(await api(`/api/v1/admin/customers/${c.id}/enable`, staff, { body: {} }));
    expect(on).toMatchObject({ status: 200, data: { status: 'active' } });
    expect((await userRow(c.id)).status).toBe(1);
    const audit = await auditSince(before);
    expect(audit.map((e) => [e.action, e.after])).toEqual([
      ['customers.disable', { status: 'disabled' }],
      ['customers.enable', { status: 'active' }],
    ]);
  });

  it('sends a password reset mail through the outbox', async () => {
    const c = await shopper();
    const res = await json(await api(`/api/v1/admin/customers/${c.id}/password-reset`, staff, { body: {} }));
    expect(res.status).toBe(200);
    await settleAfterAnswer();
    const mail = await lastMailTo(outbox, c.email);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from mail_outbox where "to" = ${c.email}`);
    expect(row!.n).toBe(1);
  });
});

describe('GDPR', () => {
  it('exports everything held on the person as JSON, audited', async () => {
    const c = await shopper();
    const order = await orderOf(c.id, c.email, 'delivered');
    const before = await lastAuditId();
    const res = await exportOf(c.id, staff);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`customer-${c.id}.json`);
    const body = (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(body.account).toMatchObject({ id: c.id, email: c.email });
    expect(body.account.password_hash).toBeUndefined();
    expect(body.addresses[0].address_1).toBe('9 Hidden Lane');
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual([order]);
    expect(body.order_lines).toHaveLength(1);
    expect((await auditSince(before)).map((e) => e.action)).toEqual(['customers.export']);
    expect((await exportOf(c.id, ordersOnly)).status).toBe(403);
  });

  it('erase is refused while an order is open, needs ERASE typed, then removes the person from every table and keeps the orders', async () => {
    const c = await shopper({ name: 'Personne Privée', phone: '5125557777' });
    const open = await orderOf(c.id, c.email, 'confirmed');
    const done = await orderOf(c.id, c.email, 'delivered');
    await getDb().insert(contactMessages).values({ name: 'Personne Privée', email: c.email, subject: 'Hi', message: 'Hello' });
    await getDb().insert(newsletterSubscribers).values({ email: c.email });
    await getDb().insert(customerNotes).values({ userId: c.id, note: 'Lives at 77 Privacy Row' });
    await getDb()
      .insert(addresses)
      .values({
        userId: c.id,
        name: 'Personne Privée',
        email: c.email,
        phone: '5125557777',
        country: 'FR',
        state: 'IDF',
        city: 'Paris',
        zip: '75001',
        address1: '77 Privacy Row',
      });

    // Their own password signs them in before; never after (below).
    await getDb()
      .update(users)
      .set({ passwordHash: await hashPassword('erase-me-pass') })
      .where(eq(users.id, c.id));
    const signInWith = () => api('/api/v1/user/signin', null, { body: { email: c.email, password: 'erase-me-pass' } });
    expect((await signInWith()).status).toBe(200);

    const refused = await json(await api(`/api/v1/admin/customers/${c.id}/erase`, staff, { body: { confirm: 'ERASE' } }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/open orders/);
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, open));

    const unconfirmed = await json(await api(`/api/v1/admin/customers/${c.id}/erase`, staff, { body: { confirm: 'yes' } }));
    expect(unconfirmed.status).toBe(422);

    const before = await lastAuditId();
    const erased = await json(await api(`/api/v1/admin/customers/${c.id}/erase`, staff, { body: { confirm: 'erase' } }));
    expect(erased).toMatchObject({ status: 200, data: { status: 'erased', orders_kept: 2 } });

    // The name, email, phone and address are in no table any more (PostgreSQL and PGlite alike: every text of every row).
    const tables = await queryRows<{ table_name: string }>(
      getDb(),
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_log'`,
    );
    for (const { table_name } of tables) {
      const hits = await queryRows<{ n: number }>(
        getDb(),
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t
            where t::text ilike ${`%${c.email}%`} or t::text ilike '%Personne Privée%' or t::text like '%5125557777%' or t::text ilike '%Privacy Row%'`,
      );
      expect(hits[0]!.n, table_name).toBe(0);
    }
    const kept = await getDb().select({ id: orders.id, total: orders.total }).from(orders).where(eq(orders.userId, c.id));
    expect(kept.map((o) => o.id).sort()).toEqual([open, done].sort());
    expect(kept.every((o) => o.total === 2500)).toBe(true);
    const row = await userRow(c.id);
    expect(row).toMatchObject({ status: 0, passwordHash: null, phone: null });
    expect(row.erasedAt).not.toBeNull();
    expect((await api('/api/v1/user/profile', c)).status).toBe(401);
    const again = await signInWith();
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(again.headers.get('set-cookie') ?? '').not.toMatch(/session=[^;]+/);

    const audit = await auditSince(before);
    expect(audit.map((e) => [e.action, e.after])).toEqual([['customers.erase', { erased: true, orders_kept: 2 }]]);
    expect(JSON.stringify(audit)).not.toContain(c.email.split('@')[0]);

    const twice = await json(await api(`/api/v1/admin/customers/${c.id}/erase`, staff, { body: { confirm: 'ERASE' } }));
    expect(twice.status).toBe(409);
    const listed = await json(await api('/api/v1/admin/customers?status=erased&per_page=100', staff));
    expect(listed.data.items.map((x: { id: number }) => x.id)).toContain(c.id);
  });
});

describe('the back office’s home', () => {
  it('counts the returns waiting (requested or approved), not the settled ones', async () => {
    const count = async () => (await json(await api('/api/v1/admin', owner))).data.attention.returns_waiting.count as number;
    const before = await count();
    const order = await makeOrder(store, { status: 'delivered' });
    const lines = [{ line_id: 1, quantity: 1 }];
    await getDb()
      .insert(orderReturns)
      .values([
        { orderId: order, reason: 'Broken', lines },
        { orderId: order, reason: 'Wrong size', lines, status: 'approved' },
        { orderId: order, reason: 'Too late', lines, status: 'refused' },
      ]);
    expect(await count()).toBe(before + 2);
  });
});
