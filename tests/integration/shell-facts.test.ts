import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { toggleWishlist } from '@/server/lists/wishlist';
import { toggleCompare } from '@/server/lists/compare';
import { listMarksOf } from '@/server/lists/marks';
import { shellFactsOf } from '@/server/lists/shell';
import { cartCount } from '@/server/cart/owner';
import { collectVoucher, collectedVoucherIds } from '@/server/vouchers/collect';
import { makeUser } from './account-fixtures';

/**
 * The one read behind a signed-in shopper's copy of a shared catalog page (decision 0024): it must
 * say exactly what the separate reads say (cart badge, hearts, compare marks, collected vouchers), for
 * this shopper only.
 */
useTestDatabase({ demo: true });

async function productIds(n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(getDb(), sql`select id from products where status = 1 order by id limit ${n}`);
  return rows.map((r) => r.id);
}

async function runningVoucherIds(n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    getDb(),
    sql`select id from vouchers where status = 1 and ends_at > now() and (usage_limit = 0 or used_count < usage_limit) order by id limit ${n}`,
  );
  return rows.map((r) => r.id);
}

describe('shellFactsOf', () => {
  it('gives the cart count, hearts, compare marks and collected vouchers of this shopper alone, as the separate reads do', async () => {
    const ada = await makeUser('shell-ada@example.com');
    const bob = await makeUser('shell-bob@example.com');
    const ids = await productIds(4);
    const vouchers = await runningVoucherIds(2);
    expect(vouchers.length, 'the demo shop has two running vouchers').toBe(2);

    const [cart] = await getDb().insert(t.carts).values({ userId: ada.id }).returning();
    await getDb()
      .insert(t.cartLines)
      .values([
        { cartId: cart!.id, productId: ids[0]!, quantity: 2, selected: 1 },
        { cartId: cart!.id, productId: ids[1]!, quantity: 3, selected: 2 },
      ]);
    await toggleWishlist(ada.id, ids[2]!);
    await toggleCompare(ada.id, ids[3]!);
    await collectVoucher(ada.id, vouchers[0]!);
    // Bob's lists must not leak into Ada's facts, nor Ada's into his.
    await toggleWishlist(bob.id, ids[0]!);
    await collectVoucher(bob.id, vouchers[1]!);

    const facts = await shellFactsOf(ada.id, vouchers);
    expect(facts.cartCount).toBe(5);
    expect(facts.cartCount).toBe(await cartCount(getDb(), { userId: ada.id }));
    expect(facts.wishlist).toEqual(new Set([ids[2]]));
    expect(facts.compare).toEqual(new Set([ids[3]]));
    expect(facts.collected).toEqual(new Set([vouchers[0]]));
    const marks = await listMarksOf(ada.id);
    expect(facts.wishlist).toEqual(marks.wishlist);
    expect(facts.compare).toEqual(marks.compare);
    expect(facts.collected).toEqual(await collectedVoucherIds(ada.id, vouchers));

    const theirs = await shellFactsOf(bob.id, vouchers);
    expect(theirs).toEqual({ cartCount: 0, wishlist: new Set([ids[0]]), compare: new Set(), collected: new Set([vouchers[1]]) });
  });

  it('is empty for a shopper with nothing, and asks about no voucher when the page shows none', async () => {
    const nobody = await makeUser('shell-nobody@example.com');
    const [held] = await runningVoucherIds(1);
    await collectVoucher(nobody.id, held!);
    expect(await shellFactsOf(nobody.id)).toEqual({ cartCount: 0, wishlist: new Set(), compare: new Set(), collected: new Set() });
    expect((await shellFactsOf(nobody.id, [held!])).collected).toEqual(new Set([held]));
  });
});
