import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';

/**
 * On sign-in and sign-up, what the guest collected joins the account (DESIGN.md), in one transaction:
 * cart lines for the same product and variant add up (capped at the product's per-order maximum),
 * other lines move over; wishlist and compare rows join, duplicates dropped. The guest's rows go.
 */
export async function mergeGuestIntoUser(guestToken: string | null, userId: number): Promise<void> {
  if (!guestToken) return;
  await getDb().transaction(async (tx) => {
    await mergeCart(tx, guestToken, userId);
    await mergeList(tx, 'wishlists', guestToken, userId);
    await mergeList(tx, 'compare_lists', guestToken, userId);
  });
}

async function mergeCart(tx: Tx, guestToken: string, userId: number): Promise<void> {
  // Locking the guest cart serialises two sign-ins that carry the same guest token.
  const [guest] = await queryRows<{ id: number }>(tx, sql`select id from carts where guest_token = ${guestToken} for update`);
  if (!guest) return;
  await tx.execute(sql`insert into carts (user_id) values (${userId}) on conflict do nothing`);
  const [mine] = await queryRows<{ id: number }>(tx, sql`select id from carts where user_id = ${userId} for update`);
  const g = guest.id;
  const u = mine!.id;
  const cap = sql`(select greatest(p.max_per_order, 1) from products p where p.id = cart_lines.product_id)`;
  await tx.execute(sql`
    update cart_lines set quantity = least(cart_lines.quantity + g.quantity, ${cap})
    from cart_lines g
    where cart_lines.cart_id = ${u} and g.cart_id = ${g}
      and g.product_id = cart_lines.product_id and g.inventory_id is not distinct from cart_lines.inventory_id`);
  await tx.execute(sql`
    delete from cart_lines g using cart_lines m
    where g.cart_id = ${g} and m.cart_id = ${u}
      and g.product_id = m.product_id and g.inventory_id is not distinct from m.inventory_id`);
  await tx.execute(sql`update cart_lines set cart_id = ${u}, quantity = least(quantity, ${cap}) where cart_id = ${g}`);
  await tx.execute(sql`update carts set updated_at = now() where id = ${u}`);
  await tx.execute(sql`delete from carts where id = ${g}`);
}

async function mergeList(tx: Tx, table: 'wishlists' | 'compare_lists', guestToken: string, userId: number): Promise<void> {
  const name = sql.identifier(table);
  await tx.execute(sql`
    insert into ${name} (user_id, product_id, created_at)
    select ${userId}, product_id, created_at from ${name} where guest_token = ${guestToken}
    on conflict do nothing`);
  await tx.execute(sql`delete from ${name} where guest_token = ${guestToken}`);
}
