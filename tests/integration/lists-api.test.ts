import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { ALL as wishlistAction } from '@/pages/api/v1/user/wishlist/action';
import { ALL as wishlistAll } from '@/pages/api/v1/user/wishlist/all';
import { ALL as compareAction } from '@/pages/api/v1/user/compare-list/action';
import { ALL as compareAll } from '@/pages/api/v1/user/compare-list/all';
import { ALL as collect } from '@/pages/api/v1/user/vouchers/collect';
import { apiContext, makeUser } from './account-fixtures';

useTestDatabase({ demo: true });

const me = async (email: string) => {
  const u = await makeUser(email);
  return { id: u.id, name: u.name, email: u.email };
};
const post = (handler: typeof wishlistAction, user: Awaited<ReturnType<typeof me>> | null, body: unknown, form = false) =>
  handler(apiContext({ method: 'POST', url: 'http://shop.test/api/v1/x', user, body, form }));
const get = (handler: typeof wishlistAll, user: Awaited<ReturnType<typeof me>> | null) =>
  handler(apiContext({ method: 'GET', url: 'http://shop.test/api/v1/x', user }));

describe('wishlist and compare API', () => {
  it('toggles the wishlist: data truthy when wishlisted, null when not; all lists it', async () => {
    const user = await me('api-wish@example.com');
    const [p] = await getDb().select({ id: t.products.id }).from(t.products).where(eq(t.products.status, 1)).limit(1);
    const on = await (await post(wishlistAction, user, { product_id: p!.id })).json();
    expect(on).toMatchObject({ status: 200, message: 'Added to your wishlist', data: { product_id: p!.id, count: 1, wishlisted: 1 } });
    expect((await (await get(wishlistAll, user)).json()).data.data.map((x: { id: number }) => x.id)).toEqual([p!.id]);
    const off = await (await post(wishlistAction, user, { product_id: String(p!.id) })).json();
    expect(off).toEqual({ status: 200, message: 'Removed from your wishlist', data: null });
    expect((await (await get(wishlistAll, user)).json()).data.data).toEqual([]);
  });

  it('answers 401 to guests, 422 to a bad product id and 404 to an unknown one', async () => {
    const user = await me('api-wish-bad@example.com');
    for (const handler of [wishlistAction, compareAction]) {
      expect((await post(handler, null, { product_id: 1 })).status).toBe(401);
      const bad = await post(handler, user, { product_id: 'abc' });
      expect(bad.status).toBe(422);
      expect((await bad.json()).data.form).toEqual(['Product is required']);
      expect((await post(handler, user, { product_id: 999_999 })).status).toBe(404);
    }
    expect((await get(wishlistAll, null)).status).toBe(401);
    expect((await get(compareAll, null)).status).toBe(401);
  });

  it('sends a guest posting a plain form to /login, coming back to the page the form was on', async () => {
    const res = await post(wishlistAction, null, { product_id: '1', _from: '/products/product/some-thing' }, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/products/product/some-thing')}`);
  });

  it('a plain form post toggles and goes back to its page', async () => {
    const user = await me('api-wish-form@example.com');
    const [p] = await getDb().select({ id: t.products.id }).from(t.products).where(eq(t.products.status, 1)).limit(1);
    const res = await post(compareAction, user, { product_id: String(p!.id), _from: '/user/compared' }, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/user/compared');
    const all = await (await get(compareAll, user)).json();
    expect(all.data.data.map((x: { id: number }) => x.id)).toEqual([p!.id]);
    expect(all.data.category).toMatchObject({ id: expect.any(Number) });
  });

  it('refuses a compare across categories with status 201 and the reason in data.form', async () => {
    const user = await me('api-compare@example.com');
    const [a] = await getDb()
      .select({ id: t.products.id, c: t.products.categoryId })
      .from(t.products)
      .where(eq(t.products.status, 1))
      .limit(1);
    const others = await getDb().select({ id: t.products.id, c: t.products.categoryId }).from(t.products).where(eq(t.products.status, 1));
    const b = others.find((o) => o.c !== a!.c)!;
    expect((await (await post(compareAction, user, { product_id: a!.id })).json()).data).toMatchObject({ product_id: a!.id, count: 1 });
    const res = await post(compareAction, user, { product_id: b.id });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.status).toBe(201);
    expect(body.data.form[0]).toMatch(/^Only products of one category can be compared\./);
  });

  it('collects a voucher; again is fine; an expired one is refused', async () => {
    const user = await me('api-collect@example.com');
    const day = 86_400_000;
    const [running, expired] = await getDb()
      .insert(t.vouchers)
      .values([
        {
          code: 'API-RUN',
          title: 'r',
          priceType: 1,
          amount: 100,
          startsAt: new Date(Date.now() - day),
          endsAt: new Date(Date.now() + day),
        },
        {
          code: 'API-OLD',
          title: 'o',
          priceType: 1,
          amount: 100,
          startsAt: new Date(Date.now() - 2 * day),
          endsAt: new Date(Date.now() - day),
        },
      ])
      .returning();
    expect(await (await post(collect, user, { voucher_id: running!.id })).json()).toMatchObject({
      status: 200,
      message: 'Voucher collected. Find it in your vouchers.',
      data: { already: false },
    });
    expect(await (await post(collect, user, { voucher_id: running!.id })).json()).toMatchObject({ status: 200, data: { already: true } });
    const old = await post(collect, user, { voucher_id: expired!.id });
    expect(old.status).toBe(409);
    expect((await old.json()).data.form).toEqual(['This voucher has expired, so it can no longer be collected.']);
    expect((await post(collect, null, { voucher_id: running!.id })).status).toBe(401);
  });
});
