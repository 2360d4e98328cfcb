import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { cartLines, inventories, states } from '@/server/db/schema';
import { parseWith } from '@/server/core/validation';
import { CartActionSchema, CartChangeSchema, CartShippingSchema } from '@/lib/schemas/cart';
import { addToCart, buyNow } from '@/server/cart/add';
import { changeCart, deleteLine, updateShipping } from '@/server/cart/change';
import { cartOf } from '@/server/cart/view';
import { cartCount } from '@/server/cart/owner';
import { mergeGuestIntoUser } from '@/server/cart/merge-guest';
import { findSellable } from '@/server/cart/stock';
import { failure, guestToken, makeAddress, makeProduct, makeRule, makeUser, shopBasics } from './cart-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

const action = (body: Record<string, unknown>) => parseWith(CartActionSchema, body);
const product = (spec: Partial<Parameters<typeof makeProduct>[0]> = {}) =>
  makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, ...spec });

describe('the count rules', () => {
  it('adds the quantity added, keeps one line per product, and subtracts a deleted line', async () => {
    const owner = { userId: await makeUser() };
    const a = await product();
    const b = await product();
    const first = await addToCart(owner, action({ product_id: a.id, quantity: 2 }));
    expect(first).toMatchObject({ quantity: 2, cartCount: 2 });
    const again = await addToCart(owner, action({ product_id: a.id, quantity: '3' }));
    expect(again).toEqual({ id: first.id, quantity: 5, cartCount: 5 });
    const other = await addToCart(owner, action({ product_id: b.id, quantity: 1 }));
    expect(other.cartCount).toBe(6);
    expect(await deleteLine(owner, first.id)).toEqual({ id: first.id, cartCount: 1 });
    expect(await cartCount(getDb(), owner)).toBe(1);
  });

  it('sets a quantity with set=1 (the cart page) and checks it against stock without counting the line twice', async () => {
    const owner = { guestToken: guestToken() };
    const a = await product({ stock: 4 });
    await addToCart(owner, action({ product_id: a.id, quantity: 3 }));
    expect(await addToCart(owner, action({ product_id: a.id, quantity: 4, set: '1' }))).toMatchObject({ quantity: 4, cartCount: 4 });
    expect((await failure(addToCart(owner, action({ product_id: a.id, quantity: 5, set: '1' })))).message).toBe(
      'Product quantity exceeds inventory.',
    );
    expect((await failure(addToCart(owner, action({ product_id: a.id, quantity: 0, set: '1' })))).message).toBe(
      'Must have minimum 1 item.',
    );
  });

  it("answers the spec's messages, with truthful statuses", async () => {
    const owner = { userId: await makeUser() };
    const none = await product({ stock: 0 });
    const few = await product({ stock: 3, maxPerOrder: 10 });
    const capped = await product({ stock: 50, maxPerOrder: 2 });
    const variants = await product({
      variants: [
        { price: 0, quantity: 5 },
        { price: 1500, quantity: 0 },
      ],
    });
    const cases: [Record<string, unknown>, string, number][] = [
      [{ product_id: few.id, quantity: 0 }, 'Must have minimum 1 item.', 422],
      [{ product_id: few.id, quantity: 1.5 }, 'Must have minimum 1 item.', 422],
      [{ product_id: few.id, quantity: 'lots' }, 'Must have minimum 1 item.', 422],
      [{ product_id: none.id, quantity: 1 }, 'This product is out of stock.', 409],
      [{ product_id: few.id, quantity: 4 }, 'Product quantity exceeds inventory.', 409],
      [{ product_id: capped.id, quantity: 3 }, 'Maximum quantity exceeds.', 422],
      [{ product_id: variants.id, quantity: 1 }, 'Please select all required attributes.', 422],
      [{ product_id: variants.id, quantity: 1, inventory_id: variants.variantIds[1] }, 'This product is out of stock.', 409],
    ];
    for (const [body, message, status] of cases) {
      const err = await failure(addToCart(owner, action(body)));
      expect([err.message, err.httpStatus, err.envelopeStatus]).toEqual([message, status, 201]);
    }
    // What is already in the cart counts: 2 then 2 more of 3 in stock.
    await addToCart(owner, action({ product_id: few.id, quantity: 2 }));
    expect((await failure(addToCart(owner, action({ product_id: few.id, quantity: 2 })))).message).toBe(
      'Product quantity exceeds inventory.',
    );
    expect((await failure(addToCart(owner, action({ product_id: 2_000_000_000, quantity: 1 })))).httpStatus).toBe(404);
    expect(await cartCount(getDb(), owner)).toBe(2);
  });

  it('keeps variant lines apart and prices them by the variant', async () => {
    const owner = { userId: await makeUser() };
    const p = await product({
      selling: 2000,
      offered: 1800,
      variants: [
        { price: 0, quantity: 5 },
        { price: 2500, quantity: 5 },
      ],
    });
    await addToCart(owner, action({ product_id: p.id, quantity: 1, inventory_id: p.variantIds[0] }));
    await addToCart(owner, action({ product_id: p.id, quantity: 2, inventory_id: p.variantIds[1] }));
    const view = await cartOf(owner);
    expect(view.cartProducts.map((l) => [l.inventory_id, l.quantity, l.unit_price, l.line_total])).toEqual([
      [p.variantIds[0], 1, 1800, 1800],
      [p.variantIds[1], 2, 2500, 5000],
    ]);
    expect(view.totals).toMatchObject({ quantity: 3, subtotal: 6800, total: 6800 });
  });
});

describe('which variant is sold', () => {
  /** Each variant's attribute id and value id (makeProduct gives each variant one value of one attribute). */
  async function choicesOf(variantIds: number[]) {
    return Promise.all(
      variantIds.map(async (inventoryId) => {
        const [row] = await queryRows<{ attribute_id: number; value_id: number }>(
          getDb(),
          sql`select v.attribute_id, v.id as value_id from inventory_attributes a join attribute_values v on v.id = a.attribute_value_id
              where a.inventory_id = ${inventoryId}`,
        );
        return { [row!.attribute_id]: row!.value_id };
      }),
    );
  }

  it('picks the variant a form chose by its attribute radios (no JavaScript), and asks for a choice otherwise', async () => {
    const p = await product({
      variants: [
        { price: 0, quantity: 3 },
        { price: 1500, quantity: 8 },
      ],
    });
    const choices = await choicesOf(p.variantIds);
    for (const [i, choice] of choices.entries()) {
      const sellable = await findSellable(getDb(), p.id, undefined, choice);
      expect(sellable).toMatchObject({ productId: p.id, inventoryId: p.variantIds[i], stock: i === 0 ? 3 : 8 });
    }
    for (const choice of [{}, { 999_999: 1 }] as Record<string, number>[])
      expect((await failure(findSellable(getDb(), p.id, undefined, choice))).form).toEqual(['Please select all required attributes.']);
  });

  it("takes a lone variant without attributes for the shopper, and its stock, not the product's", async () => {
    const p = await product({ stock: 50 });
    const [lone] = await getDb().insert(inventories).values({ productId: p.id, price: 0, quantity: 4 }).returning();
    expect(await findSellable(getDb(), p.id, undefined)).toMatchObject({ inventoryId: lone!.id, stock: 4 });
    expect(await findSellable(getDb(), p.id, lone!.id)).toMatchObject({ inventoryId: lone!.id, stock: 4 });
    expect((await failure(findSellable(getDb(), p.id, lone!.id + 1_000_000))).form).toEqual(['Please select all required attributes.']);
  });

  it('never guesses a lone variant that has attributes: the shopper chooses it', async () => {
    const p = await product({ variants: [{ price: 0, quantity: 5 }] });
    expect((await failure(findSellable(getDb(), p.id, undefined))).form).toEqual(['Please select all required attributes.']);
    const [choice] = await choicesOf(p.variantIds);
    expect(await findSellable(getDb(), p.id, undefined, choice)).toMatchObject({ inventoryId: p.variantIds[0], stock: 5 });
  });

  it('refuses an unknown or withdrawn product as not found', async () => {
    const err = await failure(findSellable(getDb(), 999_999, undefined));
    expect(err).toMatchObject({ code: 'NOT_FOUND', form: ['The product could not be found.'] });
  });
});

describe('prices come from the server', () => {
  it('ignores any price, total or discount the client sends', async () => {
    const owner = { guestToken: guestToken() };
    const p = await product({ selling: 4999, offered: 0 });
    await addToCart(owner, action({ product_id: p.id, quantity: 2, price: 1, unit_price: 1, selling: 1, total: 1, discount: 4999 }));
    const view = await cartOf(owner);
    expect(view.cartProducts[0]).toMatchObject({ unit_price: 4999, line_total: 9998 });
    expect(view.totals.total).toBe(9998);
  });
});

describe('by-user', () => {
  it('groups lines by store with per-store and overall totals of the checked lines, bundle deals included', async () => {
    const owner = { userId: await makeUser() };
    const a = await product({ selling: 1999, bundle: { buy: 2, free: 1 } });
    const b = await product({ storeId: basics.storeB.id, selling: 350 });
    const c = await product({ storeId: basics.storeB.id, selling: 10_000 });
    const la = await addToCart(owner, action({ product_id: a.id, quantity: 7, bundle_deal_id: a.dealId }));
    await addToCart(owner, action({ product_id: b.id, quantity: 3 }));
    const lc = await addToCart(owner, action({ product_id: c.id, quantity: 1 }));
    await changeCart(owner, parseWith(CartChangeSchema, { checked: [], unchecked: [lc.id] }));
    const view = await cartOf(owner);
    expect(view.cartCount).toBe(11);
    const byStore = Object.fromEntries(view.stores.map((s) => [s.id, s]));
    // 7 units of "buy 2 get 1": two full groups, 2 free → 5 × 19.99.
    expect(byStore[basics.storeA.id]!.totals).toEqual({ quantity: 7, subtotal: 13_993, discount: 3998, shipping: 0, total: 9995 });
    expect(byStore[basics.storeB.id]!.totals).toEqual({ quantity: 3, subtotal: 1050, discount: 0, shipping: 0, total: 1050 });
    expect(view.totals).toEqual({ quantity: 10, subtotal: 15_043, discount: 3998, shipping: 0, total: 11_045 });
    expect(view.cartProducts.find((l) => l.id === la.id)).toMatchObject({ free_units: 2, bundle_deal: { id: a.dealId, buy: 2, free: 1 } });
    // isBundle false drops the deal from the checked line.
    await changeCart(owner, parseWith(CartChangeSchema, { checked: [la.id], unchecked: [], isBundle: false }));
    expect((await cartOf(owner)).stores.find((s) => s.id === basics.storeA.id)!.totals.total).toBe(13_993);
  });

  it("says a line cannot ship to the cart's address, in the spec's words, and pickup lifts it", async () => {
    const userId = await makeUser();
    const owner = { userId };
    const [state] = await getDb().select().from(states).limit(1);
    const other = await queryRows<{ code: string }>(getDb(), sql`select code from countries where code <> ${state!.countryCode} limit 1`);
    const [country] = await queryRows<{ name: string }>(getDb(), sql`select name from countries where code = ${state!.countryCode}`);
    const nowhere = await makeRule([{ country: other[0]!.code, price: 500 }]);
    const here = await makeRule([{ country: state!.countryCode, state: state!.code, price: 700 }]);
    const addressId = await makeAddress(userId, state!.countryCode, state!.code);
    const blocked = await product({ shippingRuleId: nowhere });
    const fine = await product({ shippingRuleId: here, selling: 100 });
    await addToCart(owner, action({ product_id: blocked.id, quantity: 1 }));
    await addToCart(owner, action({ product_id: fine.id, quantity: 1 }));
    await updateShipping(userId, parseWith(CartShippingSchema, { address_id: addressId, shipping_type: 1 }));
    const view = await cartOf(owner);
    const [bad, good] = [blocked.id, fine.id].map((id) => view.cartProducts.find((l) => l.product_id === id)!);
    expect(bad!.shipping).toMatchObject({
      ok: false,
      message: `This product can not be shipped to ${state!.name} ${country!.name}. Please Uncheck the product first or change the shipping address`,
    });
    expect(good!.shipping).toMatchObject({ ok: true, price: 700 });
    expect(view.can_checkout).toBe(false);
    await changeCart(owner, parseWith(CartChangeSchema, { unchecked: [bad!.id] }));
    expect((await cartOf(owner)).can_checkout).toBe(true);
    await updateShipping(userId, parseWith(CartShippingSchema, { shipping_type: 2 }));
    const pickup = await cartOf(owner);
    expect(pickup.cartProducts.every((l) => l.shipping.ok && l.shipping.price === 0)).toBe(true);
  });

  it("refuses another user's address", async () => {
    const mine = await makeUser();
    const theirs = await makeAddress(await makeUser(), 'US', 'CA');
    expect((await failure(updateShipping(mine, parseWith(CartShippingSchema, { address_id: theirs, shipping_type: 1 })))).httpStatus).toBe(
      404,
    );
  });
});

describe('buy now', () => {
  it('selects the line alone with exactly the quantity asked', async () => {
    const owner = { userId: await makeUser() };
    const a = await product();
    const b = await product();
    await addToCart(owner, action({ product_id: a.id, quantity: 1 }));
    await addToCart(owner, action({ product_id: b.id, quantity: 4 }));
    const bought = await buyNow(owner, action({ product_id: b.id, quantity: 2 }));
    expect(bought).toMatchObject({ quantity: 2, cartCount: 3 });
    const view = await cartOf(owner);
    expect(view.cartProducts.map((l) => [l.product_id, l.selected])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
  });
});

describe("someone else's line", () => {
  it('answers 404 to delete and change, and leaves the line alone', async () => {
    const owner = { userId: await makeUser() };
    const intruder = { guestToken: guestToken() };
    const a = await product();
    const line = await addToCart(owner, action({ product_id: a.id, quantity: 2 }));
    await addToCart(intruder, action({ product_id: a.id, quantity: 1 }));
    expect((await failure(deleteLine(intruder, line.id))).httpStatus).toBe(404);
    expect((await failure(changeCart(intruder, parseWith(CartChangeSchema, { unchecked: [line.id] })))).httpStatus).toBe(404);
    expect((await failure(deleteLine({ guestToken: guestToken() }, line.id))).httpStatus).toBe(404);
    const [row] = await getDb().select().from(cartLines).where(eq(cartLines.id, line.id));
    expect(row).toMatchObject({ quantity: 2, selected: 1 });
  });
});

describe('concurrency', () => {
  it('20 concurrent adds of one product from two tabs give one line with the right quantity', async () => {
    const owner = { userId: await makeUser() };
    const a = await product({ stock: 100, maxPerOrder: 100 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => addToCart(owner, action({ product_id: a.id, quantity: i % 2 ? 1 : 2 }))),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const lines = await getDb().select().from(cartLines).where(eq(cartLines.productId, a.id));
    expect(lines.map((l) => l.quantity)).toEqual([30]);
    expect(Math.max(...results.map((r) => r.cartCount))).toBe(30);
  });

  it('never puts more in a cart than the stock, whatever the interleaving', async () => {
    const owner = { guestToken: guestToken() };
    const a = await product({ stock: 7, maxPerOrder: 100 });
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => addToCart(owner, action({ product_id: a.id, quantity: 1 }))));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(7);
    for (const s of settled) if (s.status === 'rejected') expect((s.reason as Error).message).toBe('Product quantity exceeds inventory.');
    expect(await cartCount(getDb(), owner)).toBe(7);
  });
});

describe('the guest cart joins the account', () => {
  it('same product and variant become one line capped at stock; nothing lost, nothing doubled', async () => {
    const userId = await makeUser();
    const guest = guestToken();
    const a = await product({ stock: 5, maxPerOrder: 10 });
    const b = await product({ stock: 50 });
    const v = await product({
      variants: [
        { price: 0, quantity: 9 },
        { price: 0, quantity: 9 },
      ],
    });
    await addToCart({ userId }, action({ product_id: a.id, quantity: 4 }));
    await addToCart({ userId }, action({ product_id: v.id, quantity: 1, inventory_id: v.variantIds[0] }));
    await addToCart({ guestToken: guest }, action({ product_id: a.id, quantity: 3 }));
    await addToCart({ guestToken: guest }, action({ product_id: b.id, quantity: 2 }));
    await addToCart({ guestToken: guest }, action({ product_id: v.id, quantity: 2, inventory_id: v.variantIds[0] }));
    await addToCart({ guestToken: guest }, action({ product_id: v.id, quantity: 1, inventory_id: v.variantIds[1] }));
    // Two tabs sign in at once with the same guest token.
    await Promise.all([mergeGuestIntoUser(guest, userId), mergeGuestIntoUser(guest, userId)]);
    const view = await cartOf({ userId });
    const got = view.cartProducts
      .map((l) => [l.product_id, l.inventory_id, l.quantity])
      .sort((x, y) => x[0]! - y[0]! || (x[1] ?? 0) - (y[1] ?? 0));
    expect(got).toEqual([
      [a.id, null, 5],
      [b.id, null, 2],
      [v.id, v.variantIds[0], 3],
      [v.id, v.variantIds[1], 1],
    ]);
    expect(await cartOf({ guestToken: guest })).toMatchObject({ cartCount: 0, cartProducts: [] });
  });

  it('merges while the guest keeps adding in another tab without losing a unit', async () => {
    const userId = await makeUser();
    const guest = guestToken();
    const a = await product({ stock: 100, maxPerOrder: 100 });
    await addToCart({ guestToken: guest }, action({ product_id: a.id, quantity: 1 }));
    const adds = Array.from({ length: 5 }, () => addToCart({ guestToken: guest }, action({ product_id: a.id, quantity: 1 })));
    await Promise.all([mergeGuestIntoUser(guest, userId), ...adds]);
    // Adds that ran after the merge made a new guest cart; a second merge (the next sign-in) brings them over.
    await mergeGuestIntoUser(guest, userId);
    expect(await cartCount(getDb(), { userId })).toBe(6);
  });
});
