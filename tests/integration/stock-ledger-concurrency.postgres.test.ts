import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase, TEST_DB } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { placeOrder } from '@/server/orders/place';
import { account, api, type Account } from './backoffice-fixtures';
import { makeProduct, shopBasics } from './cart-fixtures';
import { orderBody, putInCart, shopper, stockOf } from './checkout-fixtures';

/**
 * The stock ledger under concurrency (issue 33), on PostgreSQL (several connections at once; the embedded database
 * runs one statement at a time, so this file is left out of its run by vitest.config.ts): 20 orders and 5 stock
 * adjustments at the same time leave the stock equal to the ledger's sum, never below 0, and no piece sold twice.
 */
useTestDatabase({ demo: true });

let owner: Account;
let basics: Awaited<ReturnType<typeof shopBasics>>;

beforeAll(async () => {
  // Fails, not skips, on the wrong database.
  expect(TEST_DB).toBe('postgres');
  basics = await shopBasics();
  owner = await account(['owner']);
});

const ledgerSum = async (productId: number, inventoryId: number | null) =>
  Number(
    (
      await queryRows<{ total: number }>(
        getDb(),
        inventoryId === null
          ? sql`select coalesce(sum(change), 0)::int as total from stock_ledger where product_id = ${productId} and inventory_id is null`
          : sql`select coalesce(sum(change), 0)::int as total from stock_ledger where inventory_id = ${inventoryId}`,
      )
    )[0]!.total,
  );

const quantityOf = async (inventoryId: number) =>
  Number((await queryRows<{ q: number }>(getDb(), sql`select quantity as q from inventories where id = ${inventoryId}`))[0]!.q);

/** 20 shoppers ordering one piece each and 5 adjustments (3 received +2, 2 damaged −3), all at once. */
async function race(productId: number, inventoryId: number | null) {
  const shoppers = [];
  for (let i = 0; i < 20; i++) {
    const u = await shopper();
    await putInCart(u.id, productId, 1, inventoryId ?? undefined);
    shoppers.push(u);
  }
  const adjustments = [
    { reason: 'received', quantity: 2 },
    { reason: 'damaged', quantity: 3 },
    { reason: 'received', quantity: 2 },
    { reason: 'damaged', quantity: 3 },
    { reason: 'received', quantity: 2 },
  ].map((a) => ({ ...a, note: 'race', ...(inventoryId === null ? {} : { inventory_id: inventoryId }) }));
  const [orders, adjusted] = await Promise.all([
    Promise.allSettled(shoppers.map((u) => placeOrder(u, orderBody({ address_id: u.addressId })))),
    Promise.all(adjustments.map((body) => api(`/api/v1/admin/products/${productId}/stock`, owner, { body }))),
  ]);
  const sold = orders.filter((o) => o.status === 'fulfilled').length;
  for (const o of orders) if (o.status === 'rejected') expect((o.reason as AppError).code, String(o.reason)).toBe('OUT_OF_STOCK');
  let change = 0;
  for (const res of adjusted) {
    const body = await res.json();
    if (res.status === 200) change += body.data.change;
    else expect([res.status, body.message]).toEqual([422, expect.stringMatching(/^Only \d+ in stock/)]);
  }
  return { sold, change };
}

describe('the stock ledger under concurrency (PostgreSQL)', () => {
  it('keeps a product stock equal to its ledger sum and never below 0 through 20 orders and 5 adjustments at once', async () => {
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 12, maxPerOrder: 5 });
    const { sold, change } = await race(p.id, null);
    const stock = await stockOf(p.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock).toBe(12 + change - sold);
    expect(await ledgerSum(p.id, null)).toBe(stock);
    const orderRows = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from stock_ledger where product_id = ${p.id} and reason = 'order'`,
    );
    expect(Number(orderRows[0]!.n)).toBe(sold);
  });

  it('keeps a variant and its product in step with their ledger sums the same way', async () => {
    const p = await makeProduct({
      storeId: basics.storeA.id,
      categoryId: basics.categoryId,
      stock: 14,
      maxPerOrder: 5,
      variants: [
        { price: 0, quantity: 12 },
        { price: 0, quantity: 2 },
      ],
    });
    const variant = p.variantIds[0]!;
    const { sold, change } = await race(p.id, variant);
    const quantity = await quantityOf(variant);
    expect(quantity).toBeGreaterThanOrEqual(0);
    expect(quantity).toBe(12 + change - sold);
    expect(await ledgerSum(p.id, variant)).toBe(quantity);
    const stock = await stockOf(p.id);
    expect(stock).toBe(quantity + 2);
    expect(await ledgerSum(p.id, null)).toBe(stock);
  });
});
