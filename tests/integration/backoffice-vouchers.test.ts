import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { vouchers } from '@/server/db/schema';
import { voucherValidity } from '@/server/checkout/preview';
import { saveVoucher, listVouchers } from '@/server/vouchers/manage';
import { VoucherWriteSchema, VouchersQuerySchema } from '@/lib/schemas/content-admin';
import { failure, makeProduct, shopBasics } from './cart-fixtures';
import { putInCart, shopper } from './checkout-fixtures';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/** Operator vouchers (issue 34): create shop-wide or per store, edit, disable; checkout follows; a seller's scope is their store. */
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
    expect((await json(taken)).message).toBe('Another voucher has this code already. Choose another one.');
    const pct = await api('/api/v1/admin/vouchers', owner, { body: body({ code: 'PCT', price_type: '2', amount: '150' }) });
    expect(pct.status).toBe(422);
    expect(JSON.stringify(await json(pct))).toContain('A percent voucher is at most 100 percent');
    const back = await api('/api/v1/admin/vouchers', owner, { body: body({ code: 'BACK', starts_at: day(3), ends_at: day(1) }) });
    expect(back.status).toBe(422);
  });

  it("a seller's scope: their store's vouchers only; a shop-wide or other store's voucher is out of reach", async () => {
    const scope = { kind: 'own', storeIds: [basics.storeA.id] } as const;
    const mine = await getDb().transaction((tx) => saveVoucher(tx, VoucherWriteSchema.parse(body({ code: 'STOREA5' })), scope));
    expect(mine.after.store_id).toBe(basics.storeA.id);
    const err = await failure(
      getDb().transaction((tx) => saveVoucher(tx, VoucherWriteSchema.parse(body({ code: 'STOREB5', store_id: basics.storeB.id })), scope)),
    );
    expect(err.message).toBe('You can only make vouchers for your own store.');
    const seen = await listVouchers(VouchersQuerySchema.parse({ per_page: 100 }), scope);
    expect(seen.items.every((x) => x.store_id === basics.storeA.id)).toBe(true);
    expect(await getDb().select().from(vouchers).where(eq(vouchers.code, 'STOREB5'))).toHaveLength(0);
  });
});
