import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { rowsOn } from '@/server/db/prepared';

/** Whose cart: a signed-in user's, or a guest's (the spec's user_token). */
export type CartOwner =
  | { userId: number; guestToken?: undefined; fresh?: undefined }
  /** `fresh`: the token was made by this request (web/cart-actions.ts), so no cart holds it yet. */
  | { userId?: undefined; guestToken: string; fresh?: boolean };

/** The owner a request speaks for: the user when signed in, else the guest token; null when neither. */
export function ownerOf(actor: { user?: { id: number } | null; guestToken?: string | null; freshGuestToken?: boolean }): CartOwner | null {
  if (actor.user) return { userId: actor.user.id };
  if (actor.guestToken) return actor.freshGuestToken ? { guestToken: actor.guestToken, fresh: true } : { guestToken: actor.guestToken };
  return null;
}

const ownerWhere = (owner: CartOwner) =>
  owner.userId !== undefined ? sql`user_id = ${owner.userId}` : sql`guest_token = ${owner.guestToken}`;

/** The owner's cart id, or null when there is none yet. */
export async function findCartId(db: Tx, owner: CartOwner): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from carts where ${ownerWhere(owner)}`);
  return row?.id ?? null;
}

/**
 * The owner's cart, created if missing, marked changed now, and row-locked until the transaction ends:
 * every change to one cart (two tabs, a double click, a sign-in merging into it) runs one after the
 * other, so a stock check and the write after it see the same lines. One statement: the upsert's update
 * takes the row lock (a guest cart merged away while we waited is no conflict any more: a new one is made).
 */
export async function lockCart(tx: Tx, owner: CartOwner): Promise<number> {
  const [row] = await rowsOn<{ id: number }>(
    tx,
    owner.userId !== undefined
      ? sql`insert into carts (user_id, guest_token) values (${owner.userId}, null)
            on conflict (user_id) do update set updated_at = now() returning id`
      : sql`insert into carts (user_id, guest_token) values (null, ${owner.guestToken})
            on conflict (guest_token) do update set updated_at = now() returning id`,
  );
  if (!row) throw new Error('The cart could not be locked.');
  return row.id;
}

/** The badge's count: the sum of the owner's line quantities (the spec's rule). */
export async function cartCount(db: Tx, owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  const [row] = await queryRows<{ n: number | string | null }>(
    db,
    sql`select coalesce(sum(l.quantity), 0) as n from cart_lines l join carts c on c.id = l.cart_id where ${owner.userId !== undefined ? sql`c.user_id = ${owner.userId}` : sql`c.guest_token = ${owner.guestToken}`}`,
  );
  return Number(row?.n ?? 0);
}

/** Like lockCart, but never creates one: null when the owner has no cart (nothing to change). */
export async function lockExistingCart(tx: Tx, owner: CartOwner): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select id from carts where ${ownerWhere(owner)} for update`);
  return row?.id ?? null;
}

/** The badge's count for whoever is asking (signed-in user or guest token); 0 for neither. */
export async function cartCountFor(actor: { user?: { id: number } | null; guestToken?: string | null }): Promise<number> {
  const owner = ownerOf(actor);
  return owner ? cartCount(getDb(), owner) : 0;
}
