import { sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { rowsOn } from '@/server/db/prepared';
import { AppError } from '@/server/core/errors';
import type { CartActionInput } from '@/lib/schemas/cart';
import { CHECKED, UNCHECKED } from '@/lib/cart-math';
import { MAX_DB_INT } from '@/lib/schemas/fields';
import { products } from '@/server/db/schema';
import { onSale } from '@/server/catalog/on-sale';
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
    const first = (await firstLineAtOnce(owner.guestToken, input)) ?? (await firstLine(owner.guestToken, input));
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

/**
 * The usual first add in one statement: the product read, the spec's quantity rules (checkQuantity, with nothing in
 * the cart) and the writes of firstLine, for a product without variants, one variant asked by id, or a lone variant
 * without attributes. Null when it wrote nothing — a rule broken, a variant to pick by its attributes, a cart holding
 * the token — and firstLine then reads the product again to say why, or adds as it does.
 */
export async function firstLineAtOnce(guestToken: string, input: CartActionInput): Promise<CartActionResult | null> {
  // A quantity the rules refuse anyway (or too big for the column) is left to firstLine's message.
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_DB_INT) return null;
  const inventoryId = input.inventory_id ?? null;
  const dealId = input.bundle_deal_id ?? null;
  const [line] = await rowsOn<{ id: number; quantity: number }>(
    getDb(),
    sql`with product as (
          select ${products.id} as id, ${products.stock} as stock, ${products.maxPerOrder} as max_per_order, d.id as deal_id
          from ${products} left join bundle_deals d on d.id = ${products.bundleDealId} and d.status = 1
          where ${products.id} = ${input.product_id} and ${onSale()}
        ),
        live as (
          select i.id, i.quantity, exists (select 1 from inventory_attributes a where a.inventory_id = i.id) as has_attributes
          from inventories i where i.product_id = ${input.product_id} and i.archived_at is null
        ),
        variant as (
          select live.id, live.quantity from live
          where case when ${inventoryId}::int is null then not live.has_attributes and (select count(*) from live) = 1
                else live.id = ${inventoryId}::int end
        ),
        item as (
          select product.id, variant.id as inventory_id, coalesce(variant.quantity, product.stock) as stock, product.max_per_order
          from product left join variant on true
          where (variant.id is not null or not exists (select 1 from live))
            and (${dealId}::int is null or product.deal_id = ${dealId}::int)
        ),
        cart as (
          insert into carts (user_id, guest_token)
          select null, ${guestToken} from item
          where item.stock > 0 and ${input.quantity}::int <= item.stock
            and (item.max_per_order <= 0 or ${input.quantity}::int <= item.max_per_order)
          on conflict (guest_token) do nothing returning id
        )
        insert into cart_lines (cart_id, product_id, inventory_id, quantity, selected, bundle_deal_id)
        select cart.id, item.id, item.inventory_id, ${input.quantity}, ${CHECKED}, ${dealId}::int from cart, item
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
