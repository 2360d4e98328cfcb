import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { vouchers } from '@/server/db/schema';
import { voucherValidity } from '@/server/checkout/preview';
import { listVouchers } from '@/server/vouchers/manage';
import { VouchersQuerySchema } from '@/lib/schemas/vouchers';
import { placeOrder } from '@/server/orders/place';
import { queryRows } from '@/server/db/client';
import { sql } from 'drizzle-orm';
import { failure, makeProduct, shopBasics } from './cart-fixtures';
import { orderBody, putInCart, shopper } from './checkout-fixtures';
import { account, api, auditSince, lastAuditId, voucherOf, type Account } from './backoffice-fixtures';

/**
 * Vouchers (issues 34 and 35), one service for the operator and the sellers: create shop-wide or per store, edit,
 * disable; checkout follows; a seller's scope is their store; a voucher limited to categories or products discounts
 * only those lines, to the cent.
 */
useTestDatabase({ demo: true });

let owner: Account;
let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  owner = await account(['owner']);
  basics = await shopBasics();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 16);
const body = (over: Record<string, unknown> = {}) => ({
  code: 'winter10',
  title: 'Winter ten off',
  store_id: '',
  price_type: '1',
  amount: '1000',
  min_spend: '0',
  usage_limit: '100',
  per_user_limit: '1',
  starts_at: day(-1),
  ends_at: day(30),
  active: '1',
  ...over,
});

describe('vouchers in the back office', () => {
  it('a shop-wide voucher made here applies at checkout; disabled, it is refused; each change is audited', async () => {
    const mark = await lastAuditId();
    const res = await api('/api/v1/admin/vouchers', owner, { body: body() });
    expect(res.status, await res.clone().text()).toBe(200);
    const v = (await json(res)).data;
    expect(v).toMatchObject({ code: 'WINTER10', store_id: null, price_type: 1, amount: 1000, used_count: 0, active: true });

    const u = await shopper();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 5000, stock: 5 });
    await putInCart(u.id, p.id, 1);
    expect((await voucherValidity(u.id, 'WINTER10')).discount).toBe(1000);

    const off = await api(`/api/v1/admin/vouchers/${v.id}/active`, owner, { body: { active: false } });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await failure(voucherValidity(u.id, 'WINTER10'))).message).toBe('This voucher is switched off.');
    const listed = (await json(await api('/api/v1/admin/vouchers?status=disabled&q=winter', owner))).data.items as { id: number }[];
    expect(listed.map((x) => x.id)).toEqual([v.id]);

    const edited = await api(`/api/v1/admin/vouchers/${v.id}`, owner, {
      body: body({ price_type: '2', amount: '15', max_discount: '500' }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await voucherValidity(u.id, 'WINTER10')).discount).toBe(500);
    const audit = await auditSince(mark);
    expect(audit.map((a) => a.action)).toEqual(['vouchers.save', 'vouchers.active', 'vouchers.save']);
  });

  it('refuses a taken code, a percent over 100 and an end before the start in words', async () => {
    const taken = await api('/api/v1/admin/vouchers', owner, { body: body() });
    expect(taken.status).toBe(409);
    expect((await json(taken)).message).toBe('Another voucher already has this code. Choose another one.');
    const pct = await api('/api/v1/admin/vouchers', owner, { body: body({ code: 'PCT', price_type: '2', amount: '150' }) });
    expect(pct.status).toBe(422);
    expect(JSON.stringify(await json(pct))).toContain('A percentage can be at most 100.');
    const back = await api('/api/v1/admin/vouchers', owner, { body: body({ code: 'BACK', starts_at: day(3), ends_at: day(1) }) });
    expect(back.status).toBe(422);
  });

  it("a seller's scope: their store's vouchers only; a shop-wide or other store's voucher is out of reach (404)", async () => {
    const seller = await account(['seller'], [], [basics.storeA.id]);
    const mine = await api('/api/v1/seller/vouchers', seller, { body: body({ code: 'STOREA5', store_id: '', active: undefined }) });
    expect(mine.status, await mine.clone().text()).toBe(200);
    expect((await json(mine)).data).toMatchObject({ store_id: basics.storeA.id, active: true, used_count: 0 });
    // Another store's voucher: not there, to read, to change or to switch off; nor may a voucher be put in that store.
    const other = await voucherOf(basics.storeB.id);
    expect((await api(`/api/v1/seller/vouchers/${other}`, seller)).status).toBe(404);
    expect((await api(`/api/v1/seller/vouchers/${other}`, seller, { body: body({ code: 'HIJACK' }) })).status).toBe(404);
    expect((await api(`/api/v1/seller/vouchers/${other}/status`, seller, { body: { status: 'disabled' } })).status).toBe(404);
    expect((await api('/api/v1/seller/vouchers', seller, { body: body({ code: 'STOREB5', store_id: basics.storeB.id }) })).status).toBe(404);
    // The operator's shop-wide voucher is no seller's.
    const [shopWide] = await getDb().select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, 'WINTER10'));
    expect((await api(`/api/v1/seller/vouchers/${shopWide!.id}`, seller)).status).toBe(404);
    const seen = await listVouchers(VouchersQuerySchema.parse({ per_page: 100 }), { kind: 'own', storeIds: [basics.storeA.id] });
    expect(seen.items.every((x) => x.store_id === basics.storeA.id)).toBe(true);
    expect(await getDb().select().from(vouchers).where(eq(vouchers.code, 'STOREB5'))).toHaveLength(0);
    expect(await getDb().select().from(vouchers).where(eq(vouchers.code, 'HIJACK'))).toHaveLength(0);
    // A seller's voucher may name only their store's products.
    const theirs = await makeProduct({ storeId: basics.storeB.id, categoryId: basics.categoryId, selling: 1000, stock: 5 });
    const wrong = await api('/api/v1/seller/vouchers', seller, { body: body({ code: 'THEIRS', store_id: '', product_ids: String(theirs.id) }) });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).message).toBe("One of these products does not exist or is not in this voucher's store.");
    // The operator's list shows the seller's voucher too (one service), and the seller's page draws for them.
    const all = (await json(await api('/api/v1/admin/vouchers?q=STOREA5', owner))).data.items as { code: string }[];
    expect(all.map((x) => x.code)).toEqual(['STOREA5']);
  });

  it('a voucher limited to a category discounts only that category’s lines, split exactly over them', async () => {
    const [cat] = await queryRows<{ id: number }>(getDb(), sql`insert into categories (slug, title) values (${`vc-${process.pid}`}, 'Voucher cat') returning id`);
    const inside1 = await makeProduct({ storeId: basics.storeA.id, categoryId: cat!.id, selling: 3333, stock: 10 });
    const inside2 = await makeProduct({ storeId: basics.storeB.id, categoryId: cat!.id, selling: 1001, stock: 10 });
    const outside = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 9000, stock: 10 });
    const made = await api('/api/v1/admin/vouchers', owner, {
      body: body({ code: 'CAT10', price_type: '2', amount: '10', category_ids: [String(cat!.id)], usage_limit: '0' }),
    });
    expect(made.status, await made.clone().text()).toBe(200);
    expect((await json(made)).data.category_ids).toEqual([cat!.id]);
    const u = await shopper();
    await putInCart(u.id, inside1.id, 2);
    await putInCart(u.id, inside2.id, 1);
    await putInCart(u.id, outside.id, 1);
    // 10 % of the category's goods only: (2 × 33.33 + 10.01) → 7.66 (rounded down), never of the 90.00 outside it.
    expect((await voucherValidity(u.id, 'CAT10')).discount).toBe(Math.floor(((2 * 3333 + 1001) * 10) / 100));
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: 'CAT10' }));
    const lines = await queryRows<{ product_id: number; line_total: number; discount_share: number }>(
      getDb(),
      sql`select l.product_id, l.line_total::int as line_total, l.discount_share::int as discount_share
          from order_lines l join orders o on o.id = l.order_id where o.order_no = ${placed.order_no}`,
    );
    const share = (id: number) => lines.find((l) => l.product_id === id)!.discount_share;
    expect(share(outside.id)).toBe(0);
    expect(share(inside1.id) + share(inside2.id)).toBe(766);
    expect(share(inside1.id)).toBeGreaterThan(0);
    expect(share(inside2.id)).toBeGreaterThan(0);
    const orders = await queryRows<{ store_id: number; discount: number }>(
      getDb(),
      sql`select store_id, discount::int as discount from orders where order_no = ${placed.order_no}`,
    );
    expect(orders.reduce((s, o) => s + o.discount, 0)).toBe(766);
    // The voucher's use is counted and shown.
    const [after] = (await json(await api('/api/v1/admin/vouchers?q=CAT10', owner))).data.items as { used_count: number }[];
    expect(after!.used_count).toBe(1);

    // A cart with nothing of the category: refused in words.
    const v = await shopper();
    await putInCart(v.id, outside.id, 1);
    expect((await failure(voucherValidity(v.id, 'CAT10'))).message).toBe(
      'This voucher is only for some products or categories, and none of them is selected.',
    );
  });

  it('a voucher limited to products discounts only those products’ lines', async () => {
    const named = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 2000, stock: 10 });
    const other = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 5000, stock: 10 });
    const made = await api('/api/v1/admin/vouchers', owner, {
      body: body({ code: 'ONLY1', store_id: String(basics.storeA.id), amount: '3000', product_ids: `${named.id}`, usage_limit: '0' }),
    });
    expect(made.status, await made.clone().text()).toBe(200);
    const u = await shopper();
    await putInCart(u.id, named.id, 1);
    await putInCart(u.id, other.id, 1);
    // A flat 30.00 is capped at what it covers: the named product's 20.00.
    expect((await voucherValidity(u.id, 'ONLY1')).discount).toBe(2000);
  });
});
