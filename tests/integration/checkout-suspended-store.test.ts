import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { placeOrder } from '@/server/orders/place';
import { cartOf } from '@/server/cart/view';
import { failure, makeProduct, shopBasics } from './cart-fixtures';
import { countRows, orderBody, putInCart, shopper, stockOf } from './checkout-fixtures';

/** A suspended store's product already in a cart (issue 34): checkout refuses it in words and writes nothing. */
useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

describe('checkout and a suspended store', () => {
  it('refuses the order naming the store, takes no stock and keeps the cart; once reinstated the order goes through', async () => {
    const u = await shopper();
    const open = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 5 });
    const closed = await makeProduct({ storeId: basics.storeB.id, categoryId: basics.categoryId, stock: 5 });
    await putInCart(u.id, open.id, 1);
    await putInCart(u.id, closed.id, 2);
    await getDb().execute(
      sql`update stores set status = 0, suspended_at = now(), suspended_reason = 'Test' where id = ${basics.storeB.id}`,
    );
    const [store] = await queryRows<{ name: string }>(getDb(), sql`select name from stores where id = ${basics.storeB.id}`);
    const before = await countRows('orders');

    const err = await failure(placeOrder(u, orderBody({ address_id: u.addressId })));
    expect(err.httpStatus).toBe(422);
    expect(err.message).toBe(
      `${store!.name} is not selling at the moment, so its products cannot be ordered. Remove them from your cart and try again.`,
    );
    expect(await countRows('orders')).toBe(before);
    expect([await stockOf(open.id), await stockOf(closed.id)]).toEqual([5, 5]);
    expect((await cartOf({ userId: u.id })).cartCount).toBe(3);

    await getDb().execute(sql`update stores set status = 1, suspended_at = null, suspended_reason = null where id = ${basics.storeB.id}`);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }));
    expect(placed.orders).toHaveLength(2);
    expect([await stockOf(open.id), await stockOf(closed.id)]).toEqual([4, 3]);
  });
});
