import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import type { CartChangeInput, CartShippingInput } from '@/lib/schemas/cart';
import { CHECKED, UNCHECKED } from '@/lib/cart-math';
import { cartCount, lockCart, lockExistingCart, type CartOwner } from '@/server/cart/owner';

const lineNotFound = () => notFound('theCartLine');

/** Every id must be a line of this cart; one that is not (someone else's, or gone) answers 404. */
async function assertOwnLines(tx: Tx, cartId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from cart_lines where cart_id = ${cartId} and id in (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  if (Number(row?.n) !== unique.length) throw lineNotFound();
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * `cart/change`: checks (selected 1) and unchecks (2) lines. With `isBundle`, the checked lines take
 * (true) or drop (false) their product's active bundle deal.
 */
export function changeCart(owner: CartOwner, input: CartChangeInput): Promise<{ cartCount: number }> {
  const both = input.checked.filter((id) => input.unchecked.includes(id));
  if (both.length) throw new AppError({ code: 'VALIDATION', message: 'A cart line cannot be checked and unchecked at once.' });
  return getDb().transaction(async (tx) => {
    const cartId = await lockExistingCart(tx, owner);
    if (cartId === null) {
      if (input.checked.length || input.unchecked.length) throw lineNotFound();
      return { cartCount: 0 };
    }
    await assertOwnLines(tx, cartId, [...input.checked, ...input.unchecked]);
    if (input.checked.length)
      await tx.execute(sql`update cart_lines set selected = ${CHECKED} where cart_id = ${cartId} and id in (${idList(input.checked)})`);
    if (input.unchecked.length)
      await tx.execute(sql`update cart_lines set selected = ${UNCHECKED} where cart_id = ${cartId} and id in (${idList(input.unchecked)})`);
    if (input.isBundle !== undefined && input.checked.length) {
      await tx.execute(sql`update cart_lines l set bundle_deal_id = ${input.isBundle ? sql`(select d.id from products p join bundle_deals d on d.id = p.bundle_deal_id and d.status = 1 where p.id = l.product_id)` : sql`null`}
        where l.cart_id = ${cartId} and l.id in (${idList(input.checked)})`);
    }
    return { cartCount: await cartCount(tx, owner) };
  });
}

/** `cart/update-shipping`: the address (the user's own shipping address) and delivery (1) or pickup (2). */
export function updateShipping(userId: number, input: CartShippingInput): Promise<{ address_id: number | null; shipping_type: number }> {
  return getDb().transaction(async (tx) => {
    if (input.address_id !== undefined) {
      const [mine] = await queryRows<{ id: number }>(
        tx,
        sql`select id from addresses where id = ${input.address_id} and user_id = ${userId} and kind = 'shipping'`,
      );
      if (!mine) throw notFound('theAddress');
    }
    const cartId = await lockCart(tx, { userId });
    await tx.execute(sql`update carts set shipping_type = ${input.shipping_type}, updated_at = now()
      ${input.address_id !== undefined ? sql`, address_id = ${input.address_id}` : sql``} where id = ${cartId}`);
    const [row] = await queryRows<{ address_id: number | null; shipping_type: number }>(
      tx,
      sql`select address_id, shipping_type from carts where id = ${cartId}`,
    );
    return row!;
  });
}

/** `DELETE cart/{id}`: removes the owner's line; the count drops by its quantity. Another owner's line is 404. */
export function deleteLine(owner: CartOwner, lineId: number): Promise<{ id: number; cartCount: number }> {
  return getDb().transaction(async (tx) => {
    const cartId = await lockExistingCart(tx, owner);
    if (cartId === null) throw lineNotFound();
    const gone = await queryRows<{ id: number }>(tx, sql`delete from cart_lines where id = ${lineId} and cart_id = ${cartId} returning id`);
    if (!gone.length) throw lineNotFound();
    return { id: lineId, cartCount: await cartCount(tx, owner) };
  });
}
