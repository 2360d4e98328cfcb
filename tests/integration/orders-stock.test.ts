// Stock taking at checkout (src/server/orders/stock.ts) through its public functions: what is taken, the
// out-of-stock messages and their counts, which line is named when several are short (the fixed order), and
// that the fixed order keeps two checkouts from waiting on each other in a circle (PostgreSQL).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, getDatabase, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { getT } from '@/i18n';
import { outOfStock, takeStock, type StockTake } from '@/server/orders/stock';
import { failure, makeProduct, shopBasics } from './cart-fixtures';
import { stockOf } from './checkout-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

const product = (spec: Partial<Parameters<typeof makeProduct>[0]> = {}) =>
  makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, ...spec });

/** A product with variants whose own stock is the variants' sum (as a shop keeps it). */
async function variantProduct(quantities: number[]) {
  const p = await product({
    stock: quantities.reduce((a, b) => a + b, 0),
    variants: quantities.map((quantity) => ({ price: 0, quantity })),
  });
  return { id: p.id, variantIds: p.variantIds };
}

const take = (productId: number, quantity: number, title: string, inventoryId: number | null = null): StockTake => ({
  productId,
  inventoryId,
  quantity,
  title,
});

/** Takes the lines in one transaction, as checkout does (all or none). */
const takeAll = (takes: StockTake[]) => getDb().transaction((tx) => takeStock(tx, takes));

async function quantityOf(inventoryId: number): Promise<number> {
  const [row] = await queryRows<{ quantity: number }>(getDb(), sql`select quantity from inventories where id = ${inventoryId}`);
  return row!.quantity;
}

const few = (left: number, title: string) => `Only ${left} of "${title}" left in stock. Lower the quantity in your cart and try again.`;
const none = (title: string) => `"${title}" is out of stock now. Remove it from your cart and try again.`;

describe('the out-of-stock error', () => {
  it('says how many are left, or that none are, as a 409 form error naming the product', () => {
    const some = outOfStock('USB-C cable', 2);
    expect(some).toBeInstanceOf(AppError);
    expect(some.code).toBe('OUT_OF_STOCK');
    expect(some.httpStatus).toBe(409);
    expect(some.message).toBe(few(2, 'USB-C cable'));
    expect(some.form).toEqual([few(2, 'USB-C cable')]);
    expect(some.details).toEqual({ product: 'USB-C cable', available: 2 });
    const one = outOfStock('Power bank', 1);
    expect(one.message).toBe(few(1, 'Power bank'));
    const gone = outOfStock('Power bank', 0);
    expect(gone.code).toBe('OUT_OF_STOCK');
    expect(gone.message).toBe(none('Power bank'));
    expect(gone.details).toEqual({ product: 'Power bank', available: 0 });
  });
});

describe('the out-of-stock error in Arabic and French', () => {
  it('"Only N left" reads in the shopper\'s language (its English finds the key checkout.errors.onlyLeft)', async () => {
    const err = outOfStock('Power bank', 2);
    const fr = err.localized(await getT('fr')).message;
    expect(fr).toBe('Il ne reste que 2 exemplaire(s) de « Power bank » en stock. Réduisez la quantité dans votre panier et réessayez.');
    expect(err.localized(await getT('ar')).message).toBe('لم يتبقَّ في المخزون من «Power bank» سوى 2. قلّل الكمية في سلتك وحاول مرة أخرى.');
  });

  // Found by the mutation work: "…is out of stock now…" had no key, so Arabic and French shoppers read English. Both out-of-stock messages have keys (checkout.errors.onlyLeft, soldOut).
  it('"out of stock now" reads in the shopper\'s language', async () => {
    const err = outOfStock('Power bank', 0);
    for (const lang of ['fr', 'ar']) expect(err.localized(await getT(lang)).message, lang).not.toBe(none('Power bank'));
  });
});

describe('taking stock', () => {
  it("takes each line's quantity from the product, down to exactly 0", async () => {
    const a = await product({ stock: 5 });
    const b = await product({ stock: 3 });
    await takeAll([take(a.id, 2, 'A'), take(b.id, 3, 'B')]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 0]);
    await takeAll([take(a.id, 3, 'A')]);
    expect(await stockOf(a.id)).toBe(0);
  });

  it("takes a variant's quantity from that variant only", async () => {
    const v = await variantProduct([4, 6]);
    await takeAll([take(v.id, 4, 'Blue', v.variantIds[0]!), take(v.id, 1, 'Red', v.variantIds[1]!)]);
    expect([await quantityOf(v.variantIds[0]!), await quantityOf(v.variantIds[1]!)]).toEqual([0, 5]);
  });

  it('refuses one more than is left, with the count left, and takes nothing of any line', async () => {
    const a = await product({ stock: 9 });
    const b = await product({ stock: 3 });
    const err = await failure(takeAll([take(a.id, 2, 'Charger'), take(b.id, 4, 'Smart scale')]));
    expect(err.code).toBe('OUT_OF_STOCK');
    expect(err.message).toBe(few(3, 'Smart scale'));
    expect(err.details).toEqual({ product: 'Smart scale', available: 3 });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([9, 3]);
  });

  it('says a product is out of stock when none is left', async () => {
    const p = await product({ stock: 0 });
    const err = await failure(takeAll([take(p.id, 1, 'Toy train')]));
    expect(err.message).toBe(none('Toy train'));
    expect(err.details).toEqual({ product: 'Toy train', available: 0 });
  });

  it('never holds a negative stock (the database refuses one, migration 0025), so none left is never a negative number', async () => {
    const p = await product({ stock: 0 });
    await expect(getDb().execute(sql`update products set stock = -2 where id = ${p.id}`)).rejects.toThrow();
    const err = await failure(takeAll([take(p.id, 1, 'RC car')]));
    expect(err.message).toBe(none('RC car'));
    expect(err.details).toEqual({ product: 'RC car', available: 0 });
    expect(await stockOf(p.id)).toBe(0);
  });

  it('says a product deleted meanwhile is out of stock (no crash)', async () => {
    const p = await product({ stock: 4 });
    await getDb().execute(sql`delete from products where id = ${p.id}`);
    const err = await failure(takeAll([take(p.id, 1, 'Gone cable')]));
    expect(err.message).toBe(none('Gone cable'));
    expect(err.details).toEqual({ product: 'Gone cable', available: 0 });
  });

  it("counts a short variant's own quantity left, not the product's", async () => {
    const v = await variantProduct([1, 8]);
    const err = await failure(takeAll([take(v.id, 2, 'Cable, 2 m', v.variantIds[0]!)]));
    expect(err.message).toBe(few(1, 'Cable, 2 m'));
    expect(err.details).toEqual({ product: 'Cable, 2 m', available: 1 });
    expect([await quantityOf(v.variantIds[0]!), await quantityOf(v.variantIds[1]!)]).toEqual([1, 8]);
  });

  it('says a variant with nothing left is out of stock, even while the product has stock', async () => {
    const v = await variantProduct([0, 5]);
    const err = await failure(takeAll([take(v.id, 1, 'Cable, 1 m', v.variantIds[0]!)]));
    expect(err.message).toBe(none('Cable, 1 m'));
  });

  it('a variant deleted meanwhile is out of stock (no crash)', async () => {
    const v = await variantProduct([3]);
    await getDb().execute(sql`delete from inventory_attributes where inventory_id = ${v.variantIds[0]!}`);
    await getDb().execute(sql`delete from inventories where id = ${v.variantIds[0]!}`);
    const err = await failure(takeAll([take(v.id, 1, 'Gone variant', v.variantIds[0]!)]));
    expect(err.message).toBe(none('Gone variant'));
    expect(err.details).toEqual({ product: 'Gone variant', available: 0 });
  });
});

describe('the fixed order: product, then variant', () => {
  it('names the short product with the lowest id, whatever the order of the lines', async () => {
    const first = await product({ stock: 1 });
    const second = await product({ stock: 2 });
    const third = await product({ stock: 0 });
    const lines = [take(third.id, 1, 'Third'), take(first.id, 2, 'First'), take(second.id, 3, 'Second')];
    for (const order of [lines, [...lines].reverse(), [lines[1]!, lines[0]!, lines[2]!], [lines[2]!, lines[0]!, lines[1]!]]) {
      expect((await failure(takeAll(order))).message).toBe(few(1, 'First'));
    }
  });

  it('names the short variant with the lowest id within a product, whatever the order', async () => {
    const v = await variantProduct([1, 1, 1]);
    const [a, b, c] = v.variantIds as [number, number, number];
    const lines = [take(v.id, 2, 'Shade C', c), take(v.id, 2, 'Shade A', a), take(v.id, 2, 'Shade B', b)];
    for (const order of [lines, [...lines].reverse(), [lines[0]!, lines[2]!, lines[1]!]]) {
      expect((await failure(takeAll(order))).message).toBe(few(1, 'Shade A'));
    }
  });

  it("takes plain products' lines before any variant (lockOrder), whatever their ids", async () => {
    const low = await variantProduct([1]);
    const high = await product({ stock: 0 });
    for (const lines of [
      [take(high.id, 1, 'High'), take(low.id, 2, 'Low variant', low.variantIds[0]!)],
      [take(low.id, 2, 'Low variant', low.variantIds[0]!), take(high.id, 1, 'High')],
    ]) {
      expect((await failure(takeAll(lines))).message).toBe(none('High'));
    }
  });
});

/** Until another connection of this database waits for a row lock (PostgreSQL). */
async function untilSomeoneWaits(): Promise<void> {
  // Up to a minute or so: the other checkout may be slow to start on a loaded machine.
  for (let i = 0; i < 3000; i++) {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (row!.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the second checkout never waited for the first');
}

const lockRow = (tx: Tx, productId: number) => tx.execute(sql`update products set stock = stock where id = ${productId}`);

describe('two checkouts at once (PostgreSQL with a pool of 8; PGlite runs one transaction at a time)', () => {
  it('a checkout holding the lower product never waits in a circle with one given the lines the other way round', async () => {
    const a = await product({ stock: 10 });
    const b = await product({ stock: 10 });
    const concurrent = getDatabase()!.kind === 'postgres';
    let taking: Promise<void> | undefined;
    // One checkout holds product a, then wants b. The other is given b before a: taken in that order it
    // would hold b and wait for a (PostgreSQL then aborts one as a deadlock); in the fixed order it waits
    // for a holding nothing, and both succeed.
    const holding = getDb().transaction(async (tx) => {
      await lockRow(tx, a.id);
      await tx.execute(sql`update products set stock = stock - 1 where id = ${a.id}`);
      taking = takeAll([take(b.id, 1, 'B'), take(a.id, 1, 'A')]);
      if (concurrent) await untilSomeoneWaits();
      await lockRow(tx, b.id);
      await tx.execute(sql`update products set stock = stock - 1 where id = ${b.id}`);
    });
    const results = await Promise.allSettled([
      holding,
      (async () => {
        while (!taking) await new Promise((r) => setImmediate(r));
        await taking;
      })(),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([8, 8]);
  });
});
