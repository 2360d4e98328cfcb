import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, asc } from 'drizzle-orm';
import { authCtx, uniqueEmail, useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { carts, cartLines, compareLists, inventories, products, wishlists } from '@/server/db/schema';
import { signUp } from '@/server/auth/signup';
import { signIn } from '@/server/auth/auth';
import { parseWith } from '@/server/core/validation';
import { SignupSchema } from '@/lib/schemas/auth';

useScratchOutbox();
useTestDatabase({ demo: true });

let plain: { id: number; maxPerOrder: number }[] = [];
let variant: { id: number; productId: number };

beforeAll(async () => {
  plain = await getDb().select({ id: products.id, maxPerOrder: products.maxPerOrder }).from(products).orderBy(asc(products.id)).limit(4);
  const [first] = await getDb().select({ id: inventories.id, productId: inventories.productId }).from(inventories).limit(1);
  variant = first!;
});

async function cartOf(
  owner: { userId?: number; guestToken?: string },
  lines: { productId: number; inventoryId?: number; quantity: number }[],
) {
  const [cart] = await getDb()
    .insert(carts)
    .values({ userId: owner.userId ?? null, guestToken: owner.guestToken ?? null })
    .returning();
  if (lines.length)
    await getDb()
      .insert(cartLines)
      .values(lines.map((l) => ({ cartId: cart!.id, productId: l.productId, inventoryId: l.inventoryId ?? null, quantity: l.quantity })));
  return cart!.id;
}

const byLine = (x: { productId: number; inventoryId: number | null }, y: typeof x) =>
  x.productId - y.productId || (x.inventoryId ?? -1) - (y.inventoryId ?? -1);

const linesOf = async (userId: number) =>
  (
    await getDb()
      .select({ productId: cartLines.productId, inventoryId: cartLines.inventoryId, quantity: cartLines.quantity })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.userId, userId))
  ).sort(byLine);

const productsOf = async (table: typeof wishlists | typeof compareLists, owner: { userId?: number; guestToken?: string }) =>
  (
    await getDb()
      .select({ p: table.productId })
      .from(table)
      .where(owner.userId ? eq(table.userId, owner.userId) : eq(table.guestToken, owner.guestToken!))
  )
    .map((r) => r.p)
    .sort((a, b) => a - b);

describe('guest merge on sign-in', () => {
  it("adds the guest's cart, wishlist and compare list to the account's, in one go", async () => {
    const [a, b, c, d] = plain;
    const email = uniqueEmail('merge');
    const { user } = await signUp(
      parseWith(SignupSchema, { name: 'Merge Me', email, password: 'secret-1', password_confirmation: 'secret-1' }),
      authCtx(),
    );
    await cartOf({ userId: user.id }, [
      { productId: a!.id, quantity: 2 },
      { productId: variant.productId, inventoryId: variant.id, quantity: 1 },
    ]);
    await getDb()
      .insert(wishlists)
      .values([{ userId: user.id, productId: a!.id }]);
    await getDb()
      .insert(compareLists)
      .values([{ userId: user.id, productId: b!.id }]);

    const guest = `guest${Date.now()}abcdefghij`;
    await cartOf({ guestToken: guest }, [
      { productId: a!.id, quantity: a!.maxPerOrder }, // same product: added, capped at the per-order maximum
      { productId: variant.productId, quantity: 1 }, // same product, no variant: its own line
      { productId: c!.id, quantity: 3 },
    ]);
    await getDb()
      .insert(wishlists)
      .values([
        { guestToken: guest, productId: a!.id },
        { guestToken: guest, productId: d!.id },
      ]);
    await getDb()
      .insert(compareLists)
      .values([
        { guestToken: guest, productId: b!.id },
        { guestToken: guest, productId: c!.id },
      ]);

    await signIn({ email, password: 'secret-1' }, authCtx({ guestToken: guest }));

    expect(await linesOf(user.id)).toEqual(
      [
        { productId: a!.id, inventoryId: null, quantity: Math.max(1, a!.maxPerOrder) },
        { productId: c!.id, inventoryId: null, quantity: Math.min(3, Math.max(1, c!.maxPerOrder)) },
        { productId: variant.productId, inventoryId: null, quantity: 1 },
        { productId: variant.productId, inventoryId: variant.id, quantity: 1 },
      ].sort(byLine),
    );
    expect(await productsOf(wishlists, { userId: user.id })).toEqual([a!.id, d!.id].sort((x, y) => x - y));
    expect(await productsOf(compareLists, { userId: user.id })).toEqual([b!.id, c!.id].sort((x, y) => x - y));
    expect(await getDb().select().from(carts).where(eq(carts.guestToken, guest))).toHaveLength(0);
    expect(await productsOf(wishlists, { guestToken: guest })).toEqual([]);
    expect(await productsOf(compareLists, { guestToken: guest })).toEqual([]);
  });

  it("gives a new account the guest's cart on sign-up", async () => {
    const guest = `guest${Date.now()}signupxyz`;
    await cartOf({ guestToken: guest }, [{ productId: plain[1]!.id, quantity: 1 }]);
    await getDb()
      .insert(wishlists)
      .values([{ guestToken: guest, productId: plain[2]!.id }]);
    const email = uniqueEmail('fresh');
    const { user } = await signUp(
      parseWith(SignupSchema, { name: 'New Shopper', email, password: 'secret-1', password_confirmation: 'secret-1' }),
      authCtx({ guestToken: guest }),
    );
    expect(await linesOf(user.id)).toEqual([{ productId: plain[1]!.id, inventoryId: null, quantity: 1 }]);
    expect(await productsOf(wishlists, { userId: user.id })).toEqual([plain[2]!.id]);
    expect(
      await getDb()
        .select()
        .from(carts)
        .where(and(eq(carts.guestToken, guest), isNull(carts.userId))),
    ).toHaveLength(0);
  });
});
