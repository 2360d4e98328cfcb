import { sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { rowsOn } from '@/server/db/prepared';
import { AppError } from '@/server/core/errors';
import type { CartActionInput } from '@/lib/schemas/cart';
import { CHECKED, UNCHECKED } from '@/lib/cart-math';
import { lockCart, type CartOwner } from '@/server/cart/owner';
import { assertQuantity, findSellable, type Sellable } from '@/server/cart/stock';

export interface CartActionResult {
  /** The line's id. */
  id: number;
  /** The line's quantity after the action. */
  quantity: number;
  /** The cart's count (sum of quantities) after the action. */
  cartCount: number;
}

/**
 * `cart/action`: adds `quantity` of the product (and variant) to the owner's cart, or sets the line's
 * quantity when `set` is given. The spec's quantity rules count what is already in the cart. Prices
 * are never taken from the request.
 */
export async function addToCart(owner: CartOwner, input: CartActionInput): Promise<CartActionResult> {
  if (owner.fresh) {
    const first = await firstLine(owner.guestToken, input);
    if (first) return first;
  }
  return getDb().transaction((tx) => putLine(tx, owner, input, input.set ? 'set' : 'add'));
}

/**
 * A new guest's first add (the token made by this request): no cart holds the token, so nothing is in the
 * cart and the rules count only the asked quantity. The cart and its line are written by one statement —
 * atomic alone, no transaction around it — after one read of the product. Null when a cart with the token
 * exists after all (the ordinary path then runs).
 */
async function firstLine(guestToken: string, input: CartActionInput): Promise<CartActionResult | null> {
  const db = getDb();
  const item = await findSellable(db, input.product_id, input.inventory_id, input.choice);
  const dealId = dealOf(item, input.bundle_deal_id);
  assertQuantity(item, input.quantity, 0);
  const [line] = await rowsOn<{ id: number; quantity: number }>(
    db,
    sql`with cart as (
          insert into carts (user_id, guest_token) values (null, ${guestToken})
          on conflict (guest_token) do nothing returning id
        )
        insert into cart_lines (cart_id, product_id, inventory_id, quantity, selected, bundle_deal_id)
        select cart.id, ${item.productId}, ${item.inventoryId}, ${input.quantity}, ${CHECKED}, ${dealId} from cart
        returning id, quantity`,
  );
  return line ? { id: line.id, quantity: line.quantity, cartCount: line.quantity } : null;
}

/** `cart/buy-now`: the line gets exactly this quantity and is the only checked line, ready for shipping. */
export function buyNow(owner: CartOwner, input: CartActionInput): Promise<CartActionResult> {
  return getDb().transaction(async (tx) => {
    const result = await putLine(tx, owner, input, 'set');
    await tx.execute(sql`update cart_lines set selected = case when id = ${result.id} then ${CHECKED}::int else ${UNCHECKED}::int end
      where cart_id = (select cart_id from cart_lines where id = ${result.id})`);
    return result;
  });
}

async function putLine(tx: Tx, owner: CartOwner, input: CartActionInput, mode: 'add' | 'set'): Promise<CartActionResult> {
  const item = await findSellable(tx, input.product_id, input.inventory_id, input.choice);
  const dealId = dealOf(item, input.bundle_deal_id);
  // The cart row lock makes the check below and the write one step for this cart (owner.ts).
  // The rules the asked quantity breaks alone (none, a fraction, more than in stock) before any write.
  assertQuantity(item, input.quantity, 0);
  const cartId = await lockCart(tx, owner);
  // The unique (cart, product, variant) key: an insert that meets a line adds to it. One statement writes
  // the line and reads the cart's new count (the other lines as they were, plus this line now).
  const quantityExpr = mode === 'add' ? sql`cart_lines.quantity + excluded.quantity` : sql`excluded.quantity`;
  const [line] = await rowsOn<{ id: number; quantity: number; cart_count: number | string }>(
    tx,
    sql`with up as (
          insert into cart_lines (cart_id, product_id, inventory_id, quantity, selected, bundle_deal_id)
          values (${cartId}, ${item.productId}, ${item.inventoryId}, ${input.quantity}, ${CHECKED}, ${dealId})
          on conflict (cart_id, product_id, inventory_id) do update
            set quantity = ${quantityExpr}, bundle_deal_id = coalesce(excluded.bundle_deal_id, cart_lines.bundle_deal_id)
          returning id, quantity
        )
        select up.id, up.quantity,
          up.quantity + coalesce((select sum(o.quantity) from cart_lines o where o.cart_id = ${cartId} and o.id <> up.id), 0) as cart_count
        from up`,
  );
  // The spec's quantity rules count what was in the cart before: a line that breaks them is never kept
  // (the transaction is rolled back with the error). The cart's row lock keeps this one step per cart.
  const before = mode === 'add' ? line!.quantity - input.quantity : 0;
  if (before > 0) assertQuantity(item, input.quantity, before);
  return { id: line!.id, quantity: line!.quantity, cartCount: Number(line!.cart_count) };
}

/** The bundle deal asked for must be the product's active one. */
function dealOf(item: Sellable, asked: number | undefined): number | null {
  if (asked === undefined) return null;
  if (asked !== item.bundleDealId) throw new AppError({ code: 'VALIDATION', message: 'This bundle deal is not offered for this product.' });
  return asked;
}
