import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { orderLines } from '@/server/db/schema';
import { placeOrder } from '@/server/orders/place';
import { cancelOrder } from '@/server/orders/life';
import { restock } from '@/server/orders/refunds';
import { getProductVariants } from '@/server/catalog/product-variants';
import { listApiRoutes, request } from './http';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';
import { makeProduct, shopBasics } from './cart-fixtures';
import { orderBody, putInCart, shopper, stockOf } from './checkout-fixtures';

/**
 * Stock and variants in the product editor (issue 33): the "adjust stock" form and the stock ledger (every change a
 * row, the stock its sum: adjustments, orders, cancellations, restocks), the history's pages, the variant grid made,
 * saved, archived and restored through the forms' endpoints, the low-stock lists of the homes, and the seller's scope.
 */
useTestDatabase({ demo: true });

const ORIGIN = 'http://127.0.0.1:4321';
const routes = listApiRoutes();

let owner: Account;
let seller: Account;
let basics: Awaited<ReturnType<typeof shopBasics>>;

beforeAll(async () => {
  basics = await shopBasics();
  owner = await account(['owner']);
  seller = await account(['seller'], [], [basics.storeA.id]);
});

const product = (spec: Partial<Parameters<typeof makeProduct>[0]> = {}) =>
  makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, ...spec });

/** A plain form post (JavaScript off): fields in order, repeated names kept; answered with a 303 back. */
function postForm(url: string, who: Account, fields: [string, string][]) {
  const form = new URLSearchParams();
  for (const [k, v] of fields) form.append(k, v);
  return request(routes, url, {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      cookie: who.cookie,
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      referer: `${ORIGIN}/admin/products`,
    },
    body: form.toString(),
  });
}

/** The product's own ledger sum (rows without a variant) and each variant's. */
async function ledger(productId: number) {
  const [own] = await queryRows<{ total: number }>(
    getDb(),
    sql`select coalesce(sum(change), 0)::int as total from stock_ledger where product_id = ${productId} and inventory_id is null`,
  );
  const variants = await queryRows<{ id: number; quantity: number; total: number }>(
    getDb(),
    sql`select i.id, i.quantity, coalesce((select sum(change) from stock_ledger l where l.inventory_id = i.id), 0)::int as total
        from inventories i where i.product_id = ${productId} order by i.id`,
  );
  return { own: Number(own!.total), variants: variants.map((v) => ({ id: v.id, quantity: Number(v.quantity), total: Number(v.total) })) };
}

/** Stock equals the ledger's sum, for the product and every variant. */
async function expectInStep(productId: number) {
  const l = await ledger(productId);
  expect(l.own).toBe(await stockOf(productId));
  for (const v of l.variants) expect(v.total).toBe(v.quantity);
}

const rowsOf = (productId: number) =>
  queryRows<{
    change: number;
    reason: string;
    note: string;
    actor_id: number | null;
    order_id: number | null;
    inventory_id: number | null;
  }>(
    getDb(),
    sql`select change, reason, note, actor_id, order_id, inventory_id from stock_ledger where product_id = ${productId} order by id`,
  );

describe('the stock ledger', () => {
  it('starts every product and variant of the shop with its stock (the ledger sum equals the stock everywhere)', async () => {
    const off = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from products p
          where p.stock <> coalesce((select sum(change) from stock_ledger l where l.product_id = p.id and l.inventory_id is null), 0)`,
    );
    const offVariants = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from inventories i
          where i.quantity <> coalesce((select sum(change) from stock_ledger l where l.inventory_id = i.id), 0)`,
    );
    expect(Number(off[0]!.n)).toBe(0);
    expect(Number(offVariants[0]!.n)).toBe(0);
  });

  it('adjusts stock (received, damaged, counted) with who and why, one audit entry each, and refuses to go below 0', async () => {
    const p = await product({ stock: 10 });
    const since = await lastAuditId();
    const received = await api(`/api/v1/admin/products/${p.id}/stock`, owner, {
      body: { reason: 'received', quantity: 5, note: 'Delivery 42' },
    });
    expect(received.status).toBe(200);
    expect(await stockOf(p.id)).toBe(15);
    const damaged = await api(`/api/v1/admin/products/${p.id}/stock`, owner, { body: { reason: 'damaged', quantity: 2, note: 'Dropped' } });
    expect(damaged.status).toBe(200);
    const counted = await api(`/api/v1/admin/products/${p.id}/stock`, owner, { body: { reason: 'counted', quantity: 11 } });
    expect(counted.status).toBe(200);
    expect(await stockOf(p.id)).toBe(11);
    const rows = await rowsOf(p.id);
    expect(rows.map((r) => [r.change, r.reason, r.note])).toEqual([
      [10, 'counted', ''],
      [5, 'received', 'Delivery 42'],
      [-2, 'damaged', 'Dropped'],
      [-2, 'counted', ''],
    ]);
    expect(rows.slice(1).every((r) => r.actor_id === owner.id)).toBe(true);
    expect((await auditSince(since)).filter((a) => a.entity === 'product' && a.entityId === String(p.id))).toHaveLength(3);
    // More damaged than there is: a 422 that says how many there are, and nothing written.
    const tooMany = await api(`/api/v1/admin/products/${p.id}/stock`, owner, { body: { reason: 'damaged', quantity: 12 } });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).message).toBe('Only 11 in stock: you cannot write off more than that.');
    const none = await api(`/api/v1/admin/products/${p.id}/stock`, owner, { body: { reason: 'received', quantity: 0 } });
    expect(none.status).toBe(422);
    const bad = await api(`/api/v1/admin/products/${p.id}/stock`, owner, { body: { reason: 'stolen', quantity: 1 } });
    expect(bad.status).toBe(422);
    expect(await rowsOf(p.id)).toHaveLength(4);
    await expectInStep(p.id);
  });

  it('takes the form with JavaScript off (a 303 back to the editor)', async () => {
    const p = await product({ stock: 3 });
    const res = await postForm(`/api/v1/seller/products/${p.id}/stock`, seller, [
      ['reason', 'received'],
      ['quantity', '4'],
      ['note', 'Box on the doorstep'],
      ['_from', `/seller/products/${p.id}`],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain(`/seller/products/${p.id}`);
    expect(await stockOf(p.id)).toBe(7);
  });

  it('keeps the stock and the ledger in step through orders, cancellations and restocks of returns', async () => {
    const p = await product({ stock: 20 });
    const v = await product({
      stock: 9,
      variants: [
        { price: 0, quantity: 4 },
        { price: 0, quantity: 5 },
      ],
    });
    const u = await shopper();
    await putInCart(u.id, p.id, 3);
    await putInCart(u.id, v.id, 2, v.variantIds[1]);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }));
    expect(await stockOf(p.id)).toBe(17);
    await expectInStep(p.id);
    await expectInStep(v.id);
    const orderRows = (await rowsOf(p.id)).filter((r) => r.reason === 'order');
    expect(orderRows.map((r) => [r.change, r.actor_id])).toEqual([[-3, u.id]]);
    const variantRows = (await rowsOf(v.id)).filter((r) => r.reason === 'order');
    expect(variantRows.map((r) => [r.change, r.inventory_id])).toEqual([
      [-2, v.variantIds[1]],
      [-2, null],
    ]);
    const [orderId] = await queryRows<{ id: number }>(getDb(), sql`select id from orders where order_no = ${placed.order_no} order by id`);
    await cancelOrder(u.id, orderId!.id, 'Changed my mind');
    expect(await stockOf(p.id)).toBe(20);
    const cancelRows = (await rowsOf(p.id)).filter((r) => r.reason === 'cancel');
    expect(cancelRows.map((r) => [r.change, r.order_id])).toEqual([[3, orderId!.id]]);
    await expectInStep(p.id);
    await expectInStep(v.id);
    // A returned order's restock (the refund's "put back in stock").
    const lines = await getDb()
      .select({ id: orderLines.id, quantity: orderLines.quantity })
      .from(orderLines)
      .where(sql`${orderLines.orderId} = ${orderId!.id}`);
    await getDb().transaction((tx) =>
      restock(
        tx,
        orderId!.id,
        lines.map((l) => ({ line_id: l.id, quantity: 1 })),
      ),
    );
    expect((await rowsOf(p.id)).filter((r) => r.reason === 'return').map((r) => r.change)).toEqual([1]);
    await expectInStep(p.id);
    await expectInStep(v.id);
  });

  it('shows the history newest first, a page at a time (keyset), in the caller scope only', async () => {
    const p = await product({ stock: 1 });
    for (const n of [1, 2, 3])
      await api(`/api/v1/admin/products/${p.id}/stock`, owner, { body: { reason: 'received', quantity: n, note: `n${n}` } });
    const first = await (await api(`/api/v1/admin/products/${p.id}/stock?per_page=2`, owner)).json();
    expect(first.data.items.map((r: { note: string }) => r.note)).toEqual(['n3', 'n2']);
    expect(first.data.items[0].by).toMatch(/^Back /);
    expect(first.data.stock).toBe(7);
    expect(first.data.ledger_sum).toBe(7);
    const second = await (await api(`/api/v1/admin/products/${p.id}/stock?per_page=2&cursor=${first.data.next_cursor}`, owner)).json();
    expect(second.data.items.map((r: { note: string }) => r.note)).toEqual(['n1', '']);
    expect(second.data.next_cursor).toBeNull();
    const other = await product({ storeId: basics.storeB.id, stock: 2 });
    expect((await api(`/api/v1/seller/products/${other.id}/stock`, seller)).status).toBe(404);
  });

  it('shows a change of stock on the product page at once (the catalogue caches follow)', async () => {
    const p = await product({ stock: 2 });
    await getDb().execute(sql`update products set status = 1, approval = 'approved' where id = ${p.id}`);
    const before = await api(`/api/v1/product/${p.id}`, null);
    expect((await before.json()).data.in_stock).toBe(true);
    await api(`/api/v1/admin/products/${p.id}/stock`, owner, { body: { reason: 'counted', quantity: 0, note: 'Empty shelf' } });
    const after = await api(`/api/v1/product/${p.id}`, null);
    expect((await after.json()).data.in_stock).toBe(false);
  });
});

describe('variants in the editor', () => {
  it('generates the grid from attributes, saves SKUs, prices and stock, removes and archives, all through plain forms', async () => {
    const p = await product({ stock: 0, selling: 4000 });
    const made = await postForm(`/api/v1/admin/products/${p.id}/variants`, owner, [
      ['attribute', 'Colour'],
      ['values', 'Black, White'],
      ['attribute', 'Wattage'],
      ['values', '65 W,100 W'],
      ['attribute', ''],
      ['values', ''],
      ['_from', `/admin/products/${p.id}`],
    ]);
    expect(made.status).toBe(303);
    let grid = (await (await api(`/api/v1/admin/products/${p.id}/variants`, owner)).json()).data.variants as {
      id: number;
      label: string;
      sku: string;
      price: number;
      stock: number;
      archived: boolean;
    }[];
    // One variant per combination (the values in the attributes' order, whichever the shop made first).
    expect(grid.map((v) => v.label.split(' / ').sort().join(' + ')).sort()).toEqual([
      '100 W + Black',
      '100 W + White',
      '65 W + Black',
      '65 W + White',
    ]);
    // Generating again adds nothing.
    await postForm(`/api/v1/admin/products/${p.id}/variants`, owner, [
      ['attribute', 'colour'],
      ['values', 'black, white'],
      ['attribute', 'wattage'],
      ['values', '65 w, 100 W'],
    ]);
    expect((await (await api(`/api/v1/admin/products/${p.id}/variants`, owner)).json()).data.variants).toHaveLength(4);
    const fields: [string, string][] = grid.flatMap((v, i) => [
      ['variant_id', String(v.id)],
      ['sku', `VM-${i}`],
      ['price', i === 0 ? '4500' : '0'],
      ['stock', String(i + 1)],
    ]);
    const saved = await postForm(`/api/v1/admin/products/${p.id}/variants/grid`, owner, [...fields, ['_from', `/admin/products/${p.id}`]]);
    expect(saved.status).toBe(303);
    grid = (await (await api(`/api/v1/admin/products/${p.id}/variants`, owner)).json()).data.variants;
    expect(grid.map((v) => [v.sku, v.price, v.stock])).toEqual([
      ['VM-0', 4500, 1],
      ['VM-1', 0, 2],
      ['VM-2', 0, 3],
      ['VM-3', 0, 4],
    ]);
    // The product holds its variants' sum; every figure is its ledger's sum.
    expect(await stockOf(p.id)).toBe(10);
    await expectInStep(p.id);
    // A variant never ordered is deleted; one with orders is archived (kept for them, off sale), then restored.
    const removed = await api(`/api/v1/admin/products/${p.id}/variant`, owner, { body: { variant_id: grid[3]!.id, op: 'remove' } });
    expect((await removed.json()).data.result).toBe('deleted');
    const u = await shopper();
    await getDb().execute(sql`update products set status = 1, approval = 'approved' where id = ${p.id}`);
    await putInCart(u.id, p.id, 1, grid[0]!.id);
    await placeOrder(u, orderBody({ address_id: u.addressId }));
    const archived = await postForm(`/api/v1/admin/products/${p.id}/variant`, owner, [
      ['variant_id', String(grid[0]!.id)],
      ['op', 'remove'],
    ]);
    expect(archived.status).toBe(303);
    const after = (await (await api(`/api/v1/admin/products/${p.id}/variants`, owner)).json()).data.variants as typeof grid;
    expect(after.map((v) => [v.id, v.archived, v.stock])).toEqual([
      [grid[1]!.id, false, 2],
      [grid[2]!.id, false, 3],
      [grid[0]!.id, true, 0],
    ]);
    expect((await getProductVariants(getDb(), p.id)).inventories.map((i) => i.id)).toEqual([grid[1]!.id, grid[2]!.id]);
    expect(await stockOf(p.id)).toBe(5);
    await expectInStep(p.id);
    const restored = await api(`/api/v1/admin/products/${p.id}/variant`, owner, { body: { variant_id: grid[0]!.id, op: 'restore' } });
    expect((await restored.json()).data.result).toBe('restored');
    expect((await getProductVariants(getDb(), p.id)).inventories).toHaveLength(3);
  });

  it('refuses bad grids with a clear 422 and writes nothing', async () => {
    const p = await product({ stock: 0, variants: [{ price: 0, quantity: 2 }] });
    const tooMany = await api(`/api/v1/admin/products/${p.id}/variants`, owner, {
      body: {
        attribute: ['A', 'B', 'C'],
        values: [Array.from({ length: 10 }, (_, i) => `a${i}`).join(','), Array.from({ length: 11 }, (_, i) => `b${i}`).join(','), 'x'],
      },
    });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).message).toMatch(/110 variants; at most 100/);
    const noValues = await api(`/api/v1/admin/products/${p.id}/variants`, owner, { body: { attribute: ['Colour'], values: [''] } });
    expect(noValues.status).toBe(422);
    const negative = await api(`/api/v1/admin/products/${p.id}/variants/grid`, owner, {
      body: { variants: [{ id: p.variantIds[0], sku: '', price: 0, stock: -1 }] },
    });
    expect(negative.status).toBe(422);
    expect((await ledger(p.id)).variants[0]!.quantity).toBe(2);
  });

  it('keeps a seller to their own products and variants (404 elsewhere)', async () => {
    const mine = await product({ stock: 0, variants: [{ price: 0, quantity: 1 }] });
    const theirs = await product({ storeId: basics.storeB.id, stock: 0, variants: [{ price: 0, quantity: 1 }] });
    const theirVariant = theirs.variantIds[0]!;
    const calls = [
      api(`/api/v1/seller/products/${theirs.id}/variant`, seller, { body: { variant_id: theirVariant, op: 'remove' } }),
      api(`/api/v1/seller/products/${theirs.id}/variants/grid`, seller, {
        body: { variants: [{ id: theirVariant, sku: 'X', price: 0, stock: 9 }] },
      }),
      api(`/api/v1/seller/products/${theirs.id}/variants`, seller, { body: { attribute: ['Size'], values: ['S, M'] } }),
      api(`/api/v1/seller/products/${theirs.id}/stock`, seller, { body: { reason: 'received', quantity: 1, inventory_id: theirVariant } }),
      // Their variant through my product: not mine either.
      api(`/api/v1/seller/products/${mine.id}/variant`, seller, { body: { variant_id: theirVariant, op: 'remove' } }),
      api(`/api/v1/seller/products/${mine.id}/variants/grid`, seller, {
        body: { variants: [{ id: theirVariant, sku: 'X', price: 0, stock: 9 }] },
      }),
      api(`/api/v1/seller/products/${mine.id}/stock`, seller, { body: { reason: 'received', quantity: 1, inventory_id: theirVariant } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await ledger(theirs.id)).variants).toEqual([{ id: theirVariant, quantity: 1, total: 1 }]);
    // Their own variant: fine.
    const ok = await api(`/api/v1/seller/products/${mine.id}/stock`, seller, {
      body: { reason: 'received', quantity: 2, inventory_id: mine.variantIds[0] },
    });
    expect(ok.status).toBe(200);
    expect((await ledger(mine.id)).variants[0]!.quantity).toBe(3);
  });
});

describe('low stock on the homes', () => {
  it('lists products at or below their own threshold (not out of stock), fewest first, in the caller scope', async () => {
    const low = await product({ stock: 3 });
    const fine = await product({ stock: 30 });
    const empty = await product({ stock: 0 });
    const theirs = await product({ storeId: basics.storeB.id, stock: 1 });
    // Only this test's products have a threshold.
    await getDb().execute(sql`update products set low_stock = 0`);
    const set = (id: number, lowStock: number) => getDb().execute(sql`update products set low_stock = ${lowStock} where id = ${id}`);
    await set(low.id, 3);
    await set(fine.id, 29);
    await set(empty.id, 5);
    await set(theirs.id, 2);
    const admin = (await (await api('/api/v1/admin', owner)).json()).data.low_stock as { id: number; stock: number; low_stock: number }[];
    expect(admin.map((r) => [r.id, r.stock, r.low_stock])).toEqual([
      [theirs.id, 1, 2],
      [low.id, 3, 3],
    ]);
    const sellers = (await (await api('/api/v1/seller', seller)).json()).data.low_stock as { id: number }[];
    expect(sellers.map((r) => r.id)).toEqual([low.id]);
    // The products list's "low" filter is the same rule.
    const listed = (await (await api('/api/v1/seller/products?stock=low', seller)).json()).data.items as { id: number }[];
    expect(listed.map((r) => r.id)).toEqual([low.id]);
  });
});
