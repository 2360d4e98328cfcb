import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { categories, stores, vouchers } from '@/server/db/schema';
import type { Access, AuditRecord } from '@/server/core/action';
import type { Scope } from '@/server/core/policy';
import { VoucherWriteSchema, VouchersQuerySchema, type VoucherWriteInput } from '@/lib/schemas/vouchers';
import { getVoucher, listVouchers, saveVoucher, setVoucherActive } from '@/server/vouchers/manage';
import { failure, makeProduct } from './cart-fixtures';

/**
 * vouchers/manage.ts called directly (issue 38, docs/mutation-testing.md run AD): the operator's and a seller's
 * vouchers (a seller sees and writes only their stores', never a shop-wide one), every field of a voucher as the
 * back office shows it (running or not, to the millisecond of its dates), creating and editing (the store kept or
 * chosen, the limits to categories and products, a code unique in any case), switching one off and on, and what
 * each change hands to the audit. An empty shop with three stores; messages word for word.
 */
useTestDatabase();
// "Running" is read against the clock: every test reads it on 1 June 2026 (vouchers here run 2026 to 2099).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const anyScope: Scope = { kind: 'any' };
const own = (...storeIds: number[]): Scope => ({ kind: 'own', storeIds });
let audits: AuditRecord[] = [];
const run = <T>(scope: Scope, fn: (access: Access) => Promise<T>) =>
  getDb().transaction((tx) => fn({ scope, tx, audit: (r) => audits.push(r) }));
const saveRaw = (input: VoucherWriteInput, scope: Scope = anyScope) => run(scope, (access) => saveVoucher(input, access));
const save = (body: Record<string, unknown>, scope: Scope = anyScope) => saveRaw(VoucherWriteSchema.parse(body), scope);
const setActive = (id: number, active: boolean, scope: Scope = anyScope) =>
  run(scope, (access) => setVoucherActive({ id, active }, access));
const list = (query: Record<string, unknown>, scope: Scope = anyScope) => listVouchers(VouchersQuerySchema.parse(query), scope);
const codes = async (query: Record<string, unknown> = {}, scope: Scope = anyScope) => (await list(query, scope)).items.map((v) => v.code);
const stored = async (id: number) => (await getDb().select().from(vouchers).where(eq(vouchers.id, id)))[0]!;
const body = (over: Record<string, unknown> = {}) => ({
  code: 'winter10',
  title: 'Winter ten off',
  price_type: '1',
  amount: '1000',
  min_spend: '5000',
  max_discount: '700',
  usage_limit: '100',
  per_user_limit: '2',
  starts_at: '2026-01-01T00:00:00Z',
  ends_at: '2099-12-31',
  ...over,
});

const NOT_FOUND = ['NOT_FOUND', 'The page or item could not be found.'];
const CODE_TAKEN = 'Another voucher already has this code. Choose another one.';

let A: number, B: number, C: number, cat: number, cat2: number, pA: number, pB: number;
const v: Record<string, number> = {};
beforeAll(async () => {
  const db = getDb();
  const made = await db
    .insert(stores)
    .values([
      { name: 'Store A', slug: 'vm-store-a' },
      { name: 'Store B', slug: 'vm-store-b' },
      { name: 'Store C', slug: 'vm-store-c' },
    ])
    .returning({ id: stores.id });
  [A, B, C] = made.map((s) => s.id) as [number, number, number];
  const cats = await db
    .insert(categories)
    .values([
      { slug: 'vm-cat', title: 'Cat' },
      { slug: 'vm-cat-2', title: 'Cat 2' },
    ])
    .returning({ id: categories.id });
  [cat, cat2] = cats.map((c) => c.id) as [number, number];
  pA = (await makeProduct({ storeId: A, categoryId: cat })).id;
  pB = (await makeProduct({ storeId: B, categoryId: cat })).id;

  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const base = { priceType: 1, amount: 100, startsAt: day('2026-01-01'), endsAt: day('2099-01-01') };
  const rows = await db
    .insert(vouchers)
    .values([
      {
        ...base,
        code: 'SHOP_WIDE',
        title: 'Everywhere 100%',
        storeId: null,
        priceType: 2,
        amount: 10,
        minSpend: 2000,
        maxDiscount: 500,
        usageLimit: 0,
        perUserLimit: 0,
        usedCount: 7,
        categoryIds: [cat],
        productIds: [pA],
      },
      { ...base, code: 'A-FULL', title: 'Used up', storeId: A, usageLimit: 5, usedCount: 5 },
      { ...base, code: 'A-LEFT', title: 'One left', storeId: A, usageLimit: 5, usedCount: 4 },
      { ...base, code: 'B-OFF', title: 'Switched off', storeId: B, status: 0 },
      { ...base, code: 'C-LATER', title: 'Back\\slash later', storeId: C, startsAt: day('2099-01-01'), endsAt: day('2099-02-01') },
      { ...base, code: 'C-PAST', title: 'Over', storeId: C, startsAt: day('2020-01-01'), endsAt: day('2020-02-01') },
    ])
    .returning({ id: vouchers.id, code: vouchers.code });
  for (const r of rows) v[r.code] = r.id;
});

describe('the list', () => {
  it("the operator's: every voucher newest first, every field", async () => {
    const page = await list({});
    expect(page.items.map((x) => x.code)).toEqual(['C-PAST', 'C-LATER', 'B-OFF', 'A-LEFT', 'A-FULL', 'SHOP_WIDE']);
    expect(page.next_cursor).toBeNull();
    expect(page.items.at(-1)).toEqual({
      id: v.SHOP_WIDE,
      code: 'SHOP_WIDE',
      title: 'Everywhere 100%',
      store_id: null,
      store_name: null,
      price_type: 2,
      amount: 10,
      min_spend: 2000,
      max_discount: 500,
      usage_limit: 0,
      per_user_limit: 0,
      used_count: 7,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2099-01-01T00:00:00.000Z',
      active: true,
      status: 'active',
      running: true,
      category_ids: [cat],
      product_ids: [pA],
    });
    expect(page.items[4]).toMatchObject({ code: 'A-FULL', store_id: A, store_name: 'Store A', price_type: 1, running: false });
    expect(page.items[3]).toMatchObject({ code: 'A-LEFT', running: true, category_ids: [], product_ids: [] });
    expect(page.items[2]).toMatchObject({ code: 'B-OFF', active: false, status: 'disabled', running: false });
    expect(page.items[1]).toMatchObject({ code: 'C-LATER', active: true, running: false });
    expect(page.items[0]).toMatchObject({ code: 'C-PAST', active: true, running: false });
  });

  it("a seller's: only their stores' vouchers, never a shop-wide one; a seller without a store sees none", async () => {
    expect(await codes({}, own(A))).toEqual(['A-LEFT', 'A-FULL']);
    expect(await codes({}, own(B, C))).toEqual(['C-PAST', 'C-LATER', 'B-OFF']);
    expect(await codes({}, own())).toEqual([]);
    expect(v.SHOP_WIDE).toBe(1);
  });

  it('filters by status and by words (code or title), each on its own and together; wildcards are letters', async () => {
    expect(await codes({ status: 'disabled' })).toEqual(['B-OFF']);
    expect(await codes({ status: 'active' })).toEqual(['C-PAST', 'C-LATER', 'A-LEFT', 'A-FULL', 'SHOP_WIDE']);
    expect(await codes({ q: 'a-le' })).toEqual(['A-LEFT']);
    expect(await codes({ q: 'USED UP' })).toEqual(['A-FULL']);
    expect(await codes({ q: '%' })).toEqual(['SHOP_WIDE']);
    expect(await codes({ q: '_' })).toEqual(['SHOP_WIDE']);
    expect(await codes({ q: '\\' })).toEqual(['C-LATER']);
    expect(await codes({ q: 'o', status: 'disabled' })).toEqual(['B-OFF']);
    expect(await codes({ q: 'c-', status: 'active' }, own(C))).toEqual(['C-PAST', 'C-LATER']);
  });

  it('pages on the id without skipping or repeating a voucher', async () => {
    const first = await list({ per_page: 4 });
    expect(first.items.map((x) => x.code)).toEqual(['C-PAST', 'C-LATER', 'B-OFF', 'A-LEFT']);
    const second = await list({ per_page: 4, cursor: first.next_cursor });
    expect([second.items.map((x) => x.code), second.next_cursor]).toEqual([['A-FULL', 'SHOP_WIDE'], null]);
    const exact = await list({ per_page: 6 });
    expect([exact.items.length, exact.next_cursor]).toEqual([6, null]);
  });
});

describe('one voucher', () => {
  it('in scope by id; another store\'s or a shop-wide one is 404 for a seller, as is an unknown id', async () => {
    expect(await getVoucher(v['A-LEFT']!, own(A))).toMatchObject({ code: 'A-LEFT', store_name: 'Store A' });
    expect(await getVoucher(v.SHOP_WIDE!, anyScope)).toMatchObject({ code: 'SHOP_WIDE' });
    for (const [id, scope] of [
      [v['B-OFF']!, own(A)],
      [v.SHOP_WIDE!, own(A, B, C)],
      [999_999, anyScope],
    ] as const) {
      const err = await failure(getVoucher(id, scope));
      expect([err.code, err.message]).toEqual(NOT_FOUND);
    }
  });

  it('runs from the first moment of its start to the last one before its end, while uses are left', async () => {
    const id = v['A-LEFT']!;
    const at = async (iso: string) => {
      vi.setSystemTime(new Date(iso));
      return (await getVoucher(id, anyScope)).running;
    };
    expect(await at('2025-12-31T23:59:59.999Z')).toBe(false);
    expect(await at('2026-01-01T00:00:00.000Z')).toBe(true);
    expect(await at('2098-12-31T23:59:59.999Z')).toBe(true);
    expect(await at('2099-01-01T00:00:00.000Z')).toBe(false);
    vi.setSystemTime(new Date('2026-01-01T00:00:00.000Z'));
    expect((await list({ q: 'A-LEFT' })).items[0]!.running).toBe(true);
    vi.setSystemTime(new Date('2099-01-01T00:00:00.000Z'));
    expect((await list({ q: 'A-LEFT' })).items[0]!.running).toBe(false);
  });
});

describe('creating and editing', () => {
  it('the operator creates a shop-wide flat voucher: every field, no cap on a flat one, active; the audit has it', async () => {
    audits = [];
    const made = await save(body());
    expect(made).toEqual({
      id: expect.any(Number),
      code: 'WINTER10',
      title: 'Winter ten off',
      store_id: null,
      store_name: null,
      price_type: 1,
      amount: 1000,
      min_spend: 5000,
      max_discount: 0,
      usage_limit: 100,
      per_user_limit: 2,
      used_count: 0,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2100-01-01T00:00:00.000Z',
      active: true,
      status: 'active',
      running: true,
      category_ids: [],
      product_ids: [],
    });
    expect(audits).toEqual([{ entity: 'voucher', entityId: made.id, before: null, after: made }]);
    expect(await stored(made.id)).toMatchObject({ code: 'WINTER10', storeId: null, status: 1, maxDiscount: 0, perUserLimit: 2 });
  });

  it('a percentage keeps its cap; a store named by the operator, limited to categories and products', async () => {
    const made = await save(
      body({ code: 'pct15', price_type: '2', amount: '15', max_discount: '700', store_id: String(A), category_ids: [cat, cat2], product_ids: [pA] }),
    );
    expect(made).toMatchObject({
      code: 'PCT15',
      store_id: A,
      store_name: 'Store A',
      price_type: 2,
      amount: 15,
      max_discount: 700,
      category_ids: [cat, cat2],
      product_ids: [pA],
    });
    // A shop-wide voucher may name products of any store.
    const wide = await save(body({ code: 'wide2', product_ids: [pA, pB] }));
    expect(wide).toMatchObject({ store_id: null, product_ids: [pA, pB] });
  });

  it('a category or a product that does not exist, or another store\'s product, is refused on its field', async () => {
    const noCat = await failure(save(body({ code: 'nocat', category_ids: [cat, 999_999] })));
    expect([noCat.code, noCat.message, noCat.details]).toEqual([
      'VALIDATION',
      'One of these categories does not exist.',
      { fields: { category_ids: 'One of these categories does not exist.' } },
    ]);
    const noProduct = "One of these products does not exist or is not in this voucher's store.";
    for (const over of [
      { code: 'noprod', product_ids: [pA, 999_999] },
      { code: 'otherprod', store_id: String(A), product_ids: [pA, pB] },
    ]) {
      const err = await failure(save(body(over)));
      expect([err.code, err.message, err.details]).toEqual(['VALIDATION', noProduct, { fields: { product_ids: noProduct } }]);
    }
    expect(await codes({ q: 'prod' })).toEqual([]);
  });

  it('the operator naming a store that does not exist is refused on its field', async () => {
    const err = await failure(save(body({ code: 'ghost', store_id: '999999' })));
    expect([err.code, err.message, err.details]).toEqual([
      'VALIDATION',
      'This store does not exist.',
      { fields: { store_id: 'This store does not exist.' } },
    ]);
  });

  it("a seller's voucher: their first store when left empty, the one named among theirs; another store is 404", async () => {
    const first = await save(body({ code: 'sellera', store_id: '' }), own(A, B));
    expect(first).toMatchObject({ store_id: A, store_name: 'Store A' });
    const second = await save(body({ code: 'sellerb', store_id: String(B) }), own(A, B));
    expect(second).toMatchObject({ store_id: B, store_name: 'Store B' });
    const noStore = await save(body({ code: 'sellerc' }), own(C));
    expect(noStore.store_id).toBe(C);
    const outside = await failure(save(body({ code: 'outside', store_id: String(C) }), own(A, B)));
    expect([outside.code, outside.message]).toEqual(NOT_FOUND);
    const none = await failure(save(body({ code: 'nostore', store_id: '' }), own()));
    expect([none.code, none.message, none.details]).toEqual([
      'VALIDATION',
      'Choose the store this voucher belongs to.',
      { fields: { store_id: 'Choose the store this voucher belongs to.' } },
    ]);
    // Another store is 404 before anything about it is looked at: one that does not exist, a product of the seller's
    // own store (not in that one), a code taken already.
    for (const over of [
      { code: 'ghoststore', store_id: '999999' },
      { code: 'outside2', store_id: String(C), product_ids: [pA] },
      { code: 'a-left', store_id: String(C) },
    ]) {
      const err = await failure(save(body(over), own(A, B)));
      expect([err.code, err.message]).toEqual(NOT_FOUND);
    }
    expect(await codes({ q: 'outside' })).toEqual([]);
    expect(await codes({ q: 'nostore' })).toEqual([]);
  });

  it('editing keeps the store unless another is named; a seller leaving it empty keeps theirs; every field changes', async () => {
    const made = await save(body({ code: 'edit1', store_id: String(B) }));
    audits = [];
    const kept = await save(
      body({
        id: made.id,
        code: 'edit1b',
        title: 'Edited',
        price_type: '2',
        amount: '20',
        min_spend: '100',
        max_discount: '300',
        usage_limit: '9',
        per_user_limit: '3',
        starts_at: '2026-02-01T00:00:00Z',
        ends_at: '2030-01-01T12:00:00Z',
        category_ids: [cat2],
        product_ids: [pB],
      }),
    );
    expect(kept).toEqual({
      ...made,
      code: 'EDIT1B',
      title: 'Edited',
      price_type: 2,
      amount: 20,
      min_spend: 100,
      max_discount: 300,
      usage_limit: 9,
      per_user_limit: 3,
      starts_at: '2026-02-01T00:00:00.000Z',
      ends_at: '2030-01-01T12:00:00.000Z',
      category_ids: [cat2],
      product_ids: [pB],
    });
    expect(audits).toEqual([{ entity: 'voucher', entityId: made.id, before: made, after: kept }]);

    // A seller of A and B editing a B voucher without naming a store keeps B (not their first store).
    const bySeller = await save(body({ id: made.id, code: 'edit1b', store_id: '' }), own(A, B));
    expect(bySeller.store_id).toBe(B);
    const moved = await save(body({ id: made.id, code: 'edit1b', store_id: String(A) }), own(A, B));
    expect(moved.store_id).toBe(A);
    // The operator emptying the store makes it shop-wide.
    const wide = await save(body({ id: made.id, code: 'edit1b', store_id: '' }));
    expect([wide.store_id, wide.store_name]).toEqual([null, null]);
    // A shop-wide voucher is outside a seller's scope.
    const err = await failure(save(body({ id: made.id, code: 'edit1b' }), own(A, B)));
    expect([err.code, err.message]).toEqual(NOT_FOUND);
    const gone = await failure(save(body({ id: 999_999, code: 'ghost2' })));
    expect([gone.code, gone.message]).toEqual(NOT_FOUND);
  });

  it('a new voucher may start disabled; an edit without the switch keeps the state, with it changes it', async () => {
    const off = await save(body({ code: 'startoff', active: '0' }));
    expect([off.active, off.status, off.running]).toEqual([false, 'disabled', false]);
    expect((await stored(off.id)).status).toBe(0);
    const still = await save(body({ id: off.id, code: 'startoff', title: 'Still off' }));
    expect([still.active, still.title]).toEqual([false, 'Still off']);
    const on = await save(body({ id: off.id, code: 'startoff', active: '1' }));
    expect([on.active, on.status]).toEqual([true, 'active']);
    const keptOn = await save(body({ id: off.id, code: 'startoff' }));
    expect(keptOn.active).toBe(true);
  });

  it('a code is unique in the shop in any case; a voucher keeps its own; refused on the code field', async () => {
    await getDb().insert(vouchers).values({
      code: 'summer5',
      title: 'Lower case',
      priceType: 1,
      amount: 500,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: new Date('2099-01-01T00:00:00Z'),
    });
    const own1 = await save(body({ code: 'keepme' }));
    for (const over of [{ code: 'SUMMER5' }, { code: 'keepme' }, { id: own1.id, code: 'a-left' }]) {
      const err = await failure(save(body(over)));
      expect([err.code, err.message, err.details]).toEqual(['CONFLICT', CODE_TAKEN, { fields: { code: CODE_TAKEN } }]);
    }
    const same = await save(body({ id: own1.id, code: 'keepme', title: 'Renamed' }));
    expect([same.code, same.title]).toEqual(['KEEPME', 'Renamed']);
    expect(await codes({ q: 'summer' })).toEqual(['summer5']);
  });

  it("a code the database's unique index refuses says so in words; another database error is not a taken code", async () => {
    const input = VoucherWriteSchema.parse(body({ code: 'unused1' }));
    // A code in lower case gets past the check in capitals (the schema always writes capitals): the index answers.
    const err = await failure(saveRaw({ ...input, code: 'summer5' }));
    expect([err.code, err.message, err.details]).toEqual(['CONFLICT', CODE_TAKEN, { fields: { code: CODE_TAKEN } }]);
    const other = await saveRaw({ ...input, code: 'NULLTITLE', title: null as unknown as string }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(other).toBeInstanceOf(Error);
    expect((other as Error).name).not.toBe('AppError');
    let e = other as { code?: unknown; cause?: unknown } | undefined;
    const chain: unknown[] = [];
    for (let i = 0; e && i < 5; e = e.cause as typeof e, i++) chain.push(e.code);
    expect(chain).toContain('23502');
    expect(await codes({ q: 'nulltitle' })).toEqual([]);
  });
});

describe('switching a voucher off and on', () => {
  it('off: shoppers no longer see it; on again; each audited with the state before and after', async () => {
    const id = v['A-LEFT']!;
    audits = [];
    const off = await setActive(id, false, own(A));
    expect(off).toMatchObject({ id, code: 'A-LEFT', active: false, status: 'disabled', running: false });
    expect((await stored(id)).status).toBe(0);
    const on = await setActive(id, true);
    expect(on).toMatchObject({ id, active: true, status: 'active', running: true });
    expect((await stored(id)).status).toBe(1);
    expect(audits).toEqual([
      { entity: 'voucher', entityId: id, before: { active: true }, after: { active: false } },
      { entity: 'voucher', entityId: id, before: { active: false }, after: { active: true } },
    ]);
  });

  it("another store's voucher, a shop-wide one for a seller, or an unknown one is 404 and stays as it was", async () => {
    for (const [id, scope] of [
      [v['B-OFF']!, own(A)],
      [v.SHOP_WIDE!, own(A)],
      [999_999, anyScope],
    ] as const) {
      const err = await failure(setActive(id, true, scope));
      expect([err.code, err.message]).toEqual(NOT_FOUND);
    }
    expect((await stored(v['B-OFF']!)).status).toBe(0);
  });
});
