import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, type Tx } from '@/server/db/client';
import { categories, sellers, stores } from '@/server/db/schema';
import { SellersQuerySchema, StoresQuerySchema } from '@/lib/schemas/moderation';
import { getApplication, listApplications, listStores, refuseApplication, setStoreOpen } from '@/server/sellers/manage';
import { failure, makeProduct } from './cart-fixtures';

/**
 * sellers/manage.ts called directly (issue 38, docs/mutation-testing.md run AD): the operator's list of seller
 * applications and of stores (each filter on its own and together, the search's wildcards taken literally, keyset
 * pages), refusing an application with a reason, suspending and reinstating a store. An empty shop with the
 * applications and stores written here; messages word for word.
 */
useTestDatabase();

const apps = (query: Record<string, unknown> = {}) => listApplications(SellersQuerySchema.parse(query));
const appIds = async (query: Record<string, unknown> = {}) => (await apps(query)).items.map((a) => a.id);
const storeList = (query: Record<string, unknown> = {}) => listStores(StoresQuerySchema.parse(query));
const storeIds = async (query: Record<string, unknown> = {}) => (await storeList(query)).items.map((s) => s.id);
const inTx = <T>(fn: (tx: Tx) => Promise<T>) => getDb().transaction(fn);

let open: number, shut: number, renaming: number;
let a: number[] = [];
beforeAll(async () => {
  const db = getDb();
  const made = await db
    .insert(stores)
    .values([
      { name: 'Volt Open', slug: 'volt-open', email: 'open@volt.test' },
      {
        name: 'Shut 100% Shop',
        slug: 'shut-shop',
        email: null,
        status: 0,
        suspendedReason: 'Fakes',
        suspendedAt: new Date('2026-02-03T04:05:06Z'),
      },
      {
        name: 'Under_Score',
        slug: 'renaming-store',
        email: 'rename@volt.test',
        pendingName: 'New Name',
        pendingSlug: 'new-name',
        nameRequestedAt: new Date('2026-03-04T05:06:07Z'),
      },
    ])
    .returning({ id: stores.id });
  [open, shut, renaming] = made.map((s) => s.id) as [number, number, number];
  const [c] = await db.insert(categories).values({ slug: 'seller-rules-cat', title: 'Cat' }).returning();
  await makeProduct({ storeId: open, categoryId: c!.id });
  await makeProduct({ storeId: open, categoryId: c!.id });
  await makeProduct({ storeId: shut, categoryId: c!.id });

  const rows = await db
    .insert(sellers)
    .values([
      {
        name: 'Ada Pending',
        email: 'ada@apply.test',
        shopName: 'Ada Lamps',
        phone: '555-0101',
        address: '1 Lamp Road',
        status: 'pending',
        passwordHash: 'hash-ada',
        codeHash: 'code-ada',
        createdAt: new Date('2026-01-01T10:00:00Z'),
      },
      { name: 'Ben Verified', email: 'ben@apply.test', shopName: 'Ben 100% Wires', status: 'verified', passwordHash: 'hash-ben' },
      { name: 'Cy Open', email: 'cy@apply.test', shopName: 'Volt Open', status: 'approved', storeId: open },
      { name: 'Di Shut', email: 'di@apply.test', shopName: 'Shut Shop', status: 'approved', storeId: shut },
      { name: 'Eve_Refused', email: 'eve@apply.test', shopName: 'Eve Plugs', status: 'rejected', refusedReason: 'No stock' },
      { name: 'Fay Waiting', email: 'fay\\x@apply.test', shopName: 'Fay Fuses', status: 'verified' },
    ])
    .returning({ id: sellers.id });
  a = rows.map((r) => r.id);
});

describe('the applications list', () => {
  it('newest first, every field of an application without a store and of one with an open and a suspended store', async () => {
    const page = await apps();
    expect(page.items.map((x) => x.id)).toEqual([a[5], a[4], a[3], a[2], a[1], a[0]]);
    expect(page.next_cursor).toBeNull();
    expect(page.items.at(-1)).toEqual({
      id: a[0],
      shop_name: 'Ada Lamps',
      name: 'Ada Pending',
      email: 'ada@apply.test',
      phone: '555-0101',
      address: '1 Lamp Road',
      status: 'pending',
      refused_reason: null,
      store_id: null,
      store_slug: null,
      store_status: null,
      created_at: '2026-01-01T10:00:00.000Z',
    });
    const [cy, di, eve] = [page.items[3]!, page.items[2]!, page.items[1]!];
    expect(cy).toMatchObject({ phone: null, address: null, store_id: open, store_slug: 'volt-open', store_status: 'open' });
    expect(di).toMatchObject({ store_id: shut, store_slug: 'shut-shop', store_status: 'suspended', status: 'approved' });
    expect(eve).toMatchObject({ status: 'rejected', refused_reason: 'No stock', store_id: null, store_status: null });
    expect(cy.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('filters by status and by words (shop name, name, email), each on its own and together; wildcards are letters', async () => {
    expect(await appIds({ status: 'verified' })).toEqual([a[5], a[1]]);
    expect(await appIds({ status: 'approved' })).toEqual([a[3], a[2]]);
    expect(await appIds({ q: 'lamps' })).toEqual([a[0]]);
    expect(await appIds({ q: 'DI SHUT' })).toEqual([a[3]]);
    expect(await appIds({ q: 'cy@apply' })).toEqual([a[2]]);
    expect(await appIds({ q: '%' })).toEqual([a[1]]);
    expect(await appIds({ q: '_' })).toEqual([a[4]]);
    expect(await appIds({ q: '\\' })).toEqual([a[5]]);
    expect(await appIds({ q: 'apply.test' })).toHaveLength(6);
    expect(await appIds({ status: 'verified', q: 'fuses' })).toEqual([a[5]]);
    expect(await appIds({ status: 'pending', q: 'fuses' })).toEqual([]);
  });

  it('pages on the id without skipping or repeating an application', async () => {
    const first = await apps({ per_page: 4 });
    expect(first.items.map((x) => x.id)).toEqual([a[5], a[4], a[3], a[2]]);
    expect(first.next_cursor).not.toBeNull();
    const second = await apps({ per_page: 4, cursor: first.next_cursor });
    expect([second.items.map((x) => x.id), second.next_cursor]).toEqual([[a[1], a[0]], null]);
    const exact = await apps({ per_page: 6 });
    expect([exact.items.length, exact.next_cursor]).toEqual([6, null]);
  });

  it('one application by id; an unknown one is 404 in words', async () => {
    expect(await getApplication(a[3]!)).toMatchObject({ id: a[3], name: 'Di Shut', store_status: 'suspended' });
    const err = await failure(getApplication(999_999));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', 'Seller application 999999 could not be found.']);
  });
});

describe('refusing an application', () => {
  it('refuses a pending and a verified one with the reason, forgets the password and the code', async () => {
    const pending = await inTx((tx) => refuseApplication(tx, a[0]!, 'Lamps are not electronics.'));
    expect(pending.before).toBe('pending');
    expect(pending.application).toMatchObject({ id: a[0], status: 'rejected', refused_reason: 'Lamps are not electronics.' });
    const [row] = await getDb().select().from(sellers).where(eq(sellers.id, a[0]!));
    expect(row).toMatchObject({ status: 'rejected', refusedReason: 'Lamps are not electronics.', passwordHash: null, codeHash: null });
    expect(row!.refusedAt).toBeInstanceOf(Date);

    const verified = await inTx((tx) => refuseApplication(tx, a[1]!, 'Duplicate.'));
    expect(verified.before).toBe('verified');
    expect(verified.application).toMatchObject({ status: 'rejected', refused_reason: 'Duplicate.' });
    const [ben] = await getDb().select().from(sellers).where(eq(sellers.id, a[1]!));
    expect([ben!.passwordHash, ben!.refusedAt === null]).toEqual([null, false]);
    // The others are untouched.
    const [fay] = await getDb().select().from(sellers).where(eq(sellers.id, a[5]!));
    expect([fay!.status, fay!.refusedReason, fay!.refusedAt]).toEqual(['verified', null, null]);
  });

  it('an approved or a refused application is 409 in words, and stays as it was; an unknown one is 404', async () => {
    for (const id of [a[2]!, a[4]!]) {
      const err = await failure(inTx((tx) => refuseApplication(tx, id, 'Late')));
      expect([err.code, err.message]).toEqual(['CONFLICT', 'Only a waiting application can be refused.']);
    }
    const [cy] = await getDb().select().from(sellers).where(eq(sellers.id, a[2]!));
    expect([cy!.status, cy!.refusedReason]).toEqual(['approved', null]);
    const [eve] = await getDb().select().from(sellers).where(eq(sellers.id, a[4]!));
    expect(eve!.refusedReason).toBe('No stock');
    const err = await failure(inTx((tx) => refuseApplication(tx, 999_998, 'x')));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', 'Seller application 999998 could not be found.']);
  });
});

describe('the stores list', () => {
  it('newest first, every field, products counted', async () => {
    const page = await storeList();
    expect(page.items.map((s) => s.id)).toEqual([renaming, shut, open]);
    expect(page.next_cursor).toBeNull();
    expect(page.items).toEqual([
      {
        id: renaming,
        slug: 'renaming-store',
        name: 'Under_Score',
        email: 'rename@volt.test',
        status: 'open',
        suspended_reason: null,
        suspended_at: null,
        products: 0,
        pending_name: 'New Name',
        pending_slug: 'new-name',
        name_requested_at: '2026-03-04T05:06:07.000Z',
      },
      {
        id: shut,
        slug: 'shut-shop',
        name: 'Shut 100% Shop',
        email: null,
        status: 'suspended',
        suspended_reason: 'Fakes',
        suspended_at: '2026-02-03T04:05:06.000Z',
        products: 1,
        pending_name: null,
        pending_slug: null,
        name_requested_at: null,
      },
      {
        id: open,
        slug: 'volt-open',
        name: 'Volt Open',
        email: 'open@volt.test',
        status: 'open',
        suspended_reason: null,
        suspended_at: null,
        products: 2,
        pending_name: null,
        pending_slug: null,
        name_requested_at: null,
      },
    ]);
  });

  it('filters by state (open, suspended, renaming) and by words (name, slug, email); wildcards are letters', async () => {
    expect(await storeIds({ status: 'open' })).toEqual([renaming, open]);
    expect(await storeIds({ status: 'suspended' })).toEqual([shut]);
    expect(await storeIds({ status: 'renaming' })).toEqual([renaming]);
    expect(await storeIds({ q: 'VOLT OPEN' })).toEqual([open]);
    expect(await storeIds({ q: 'shut-shop' })).toEqual([shut]);
    expect(await storeIds({ q: 'rename@' })).toEqual([renaming]);
    expect(await storeIds({ q: '%' })).toEqual([shut]);
    expect(await storeIds({ q: '_' })).toEqual([renaming]);
    expect(await storeIds({ q: 'volt.test' })).toEqual([renaming, open]);
    expect(await storeIds({ status: 'open', q: 'shop' })).toEqual([]);
    expect(await storeIds({ status: 'suspended', q: 'shop' })).toEqual([shut]);
    expect(await storeIds({ status: 'renaming', q: 'volt' })).toEqual([renaming]);
  });

  it('pages on the id without skipping or repeating a store', async () => {
    const first = await storeList({ per_page: 2 });
    expect(first.items.map((s) => s.id)).toEqual([renaming, shut]);
    const second = await storeList({ per_page: 2, cursor: first.next_cursor });
    expect([second.items.map((s) => s.id), second.next_cursor]).toEqual([[open], null]);
    const exact = await storeList({ per_page: 3 });
    expect([exact.items.length, exact.next_cursor]).toEqual([3, null]);
  });
});

describe('suspending and reinstating a store', () => {
  it('suspends with the reason, products kept; reinstates and clears the reason; the same twice is 409 in words', async () => {
    const down = await inTx((tx) => setStoreOpen(tx, open, false, 'Counterfeit goods'));
    expect(down.before).toMatchObject({ id: open, status: 'open', suspended_reason: null, suspended_at: null, products: 2 });
    expect(down.after).toMatchObject({ id: open, status: 'suspended', suspended_reason: 'Counterfeit goods', products: 2 });
    expect(down.after.suspended_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const [row] = await getDb().select().from(stores).where(eq(stores.id, open));
    expect([row!.status, row!.suspendedReason, row!.suspendedAt?.toISOString()]).toEqual([0, 'Counterfeit goods', down.after.suspended_at]);

    const again = await failure(inTx((tx) => setStoreOpen(tx, open, false, 'Again')));
    expect([again.code, again.message]).toEqual(['CONFLICT', 'This store is suspended already.']);
    expect((await getDb().select().from(stores).where(eq(stores.id, open)))[0]!.suspendedReason).toBe('Counterfeit goods');

    const up = await inTx((tx) => setStoreOpen(tx, open, true, null));
    expect(up.before).toMatchObject({ status: 'suspended', suspended_reason: 'Counterfeit goods' });
    expect(up.after).toMatchObject({ id: open, status: 'open', suspended_reason: null, suspended_at: null, products: 2 });
    const [back] = await getDb().select().from(stores).where(eq(stores.id, open));
    expect([back!.status, back!.suspendedReason, back!.suspendedAt]).toEqual([1, null, null]);

    const twice = await failure(inTx((tx) => setStoreOpen(tx, open, true, null)));
    expect([twice.code, twice.message]).toEqual(['CONFLICT', 'This store is open already.']);
  });

  it('reinstates a store suspended before; only that store changes', async () => {
    const up = await inTx((tx) => setStoreOpen(tx, shut, true, 'ignored'));
    expect(up.after).toMatchObject({ id: shut, status: 'open', suspended_reason: null, suspended_at: null, products: 1 });
    const [other] = await getDb().select().from(stores).where(eq(stores.id, renaming));
    expect([other!.status, other!.suspendedReason]).toEqual([1, null]);
    await inTx((tx) => setStoreOpen(tx, shut, false, 'Fakes'));
  });

  it('an unknown store is 404 in words', async () => {
    const err = await failure(inTx((tx) => setStoreOpen(tx, 999_999, false, 'x')));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', 'The store could not be found.']);
  });
});
