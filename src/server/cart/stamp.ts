import { sql, type SQL } from 'drizzle-orm';
import { preparedRows } from '@/server/db/prepared';
import type { CartOwner } from '@/server/cart/owner';

/**
 * The cart page is kept per shopper (web/kept-cart-pages.ts, decision 0024 "Third round"), and checked
 * on every request against its *stamp*: everything of one owner that the page is drawn from — the cart
 * (its id, shipping type), the address it ships to (chosen, else the default shipping address: id,
 * country, state) and each line (id, product, variant, quantity, checked, deal taken). Whatever else
 * the page shows (products, prices, stock, stores, deals, shipping rules, settings, words) belongs to
 * the whole shop, and its changes empty the kept pages as they empty the catalog's copies.
 * The stamp is read by a small query of its own (stampFor) and, for the page being drawn, from the very
 * rows the page is drawn from (view.ts): one definition of it, stampOf, for both.
 */
export interface StampRow {
  cart_id: number;
  shipping_type: number;
  to_id: number | null;
  to_country: string | null;
  to_state: string | null;
  id: number | null;
  product_id: number | null;
  inventory_id: number | null;
  quantity: number | null;
  selected: number | null;
  line_deal_id: number | null;
}

/** No cart at all (a guest token that never added anything, a cart merged away). */
export const NO_CART = 'none';

/** The stamp of an owner's rows (any order: lines are sorted by id). */
export function stampOf(rows: readonly StampRow[]): string {
  const head = rows[0];
  if (!head) return NO_CART;
  const lines = rows
    .filter((r) => r.id !== null)
    .sort((a, b) => a.id! - b.id!)
    .map((r) => [r.id, r.product_id, r.inventory_id, r.quantity, r.selected, r.line_deal_id].join(','));
  return [head.cart_id, head.shipping_type, head.to_id, head.to_country, head.to_state, ...lines].join('|');
}

/** `c`: the owner's cart row. */
export const ownerCart = (owner: CartOwner): SQL =>
  sql`with c as (
          select id, address_id, shipping_type from carts
          where ${owner.userId !== undefined ? sql`user_id = ${owner.userId}` : sql`guest_token = ${owner.guestToken}`}
        )`;

/** `a`: where the cart ships to — `addressId` when given, else the one the cart chose, else the user's default shipping address. */
export const shipTo = (owner: CartOwner, addressId: number | null): SQL =>
  sql`left join lateral (
          select a.id, a.country, a.state, coalesce(co.name, a.country) as country_name, coalesce(st.name, a.state) as state_name
          from addresses a
          left join countries co on co.code = a.country
          left join states st on st.country_code = a.country and st.code = a.state
          where ${owner.userId !== undefined ? sql`a.user_id = ${owner.userId}` : sql`false`} and a.kind = 'shipping'
            and (coalesce(${addressId}::int, c.address_id) is null or a.id = coalesce(${addressId}::int, c.address_id))
          order by a.is_default desc, a.id asc limit 1
        ) a on true`;

/** The owner's stamp now: the cart page's rows without the catalog's side (planned once on PGlite). */
export async function stampFor(owner: CartOwner): Promise<string> {
  const rows = await preparedRows<StampRow>(sql`${ownerCart(owner)}
        select c.id as cart_id, c.shipping_type, a.id as to_id, a.country as to_country, a.state as to_state,
          l.id, l.product_id, l.inventory_id, l.quantity, l.selected, l.bundle_deal_id as line_deal_id
        from c
        ${shipTo(owner, null)}
        left join (
          cart_lines l
          join products p on p.id = l.product_id
          join stores s on s.id = p.store_id
        ) on l.cart_id = c.id`);
  return stampOf(rows);
}

/**
 * The stamp /shipping and /checkout are kept under (web/kept-cart-pages.ts): the cart's stamp (as the
 * cart page's), and every address of the user in full (both pages list or show them, and the quote's
 * tax and fees follow the chosen one) as one digest of the rows — an address added, edited, deleted or
 * made the default changes it. One query, planned once on PGlite. Only for a signed-in user (guests are
 * sent to sign in).
 */
export async function checkoutStampFor(userId: number): Promise<string> {
  const owner: CartOwner = { userId };
  const rows = await preparedRows<StampRow & { addresses: string }>(sql`${ownerCart(owner)},
        ad as (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) as h from addresses x where x.user_id = ${userId})
        select ad.h as addresses, c.id as cart_id, c.shipping_type, a.id as to_id, a.country as to_country, a.state as to_state,
          l.id, l.product_id, l.inventory_id, l.quantity, l.selected, l.bundle_deal_id as line_deal_id
        from ad
        left join c on true
        ${shipTo(owner, null)}
        left join (
          cart_lines l
          join products p on p.id = l.product_id
          join stores s on s.id = p.store_id
        ) on l.cart_id = c.id`);
  const head = rows[0];
  return `${head?.addresses ?? ''}#${head?.cart_id == null ? NO_CART : stampOf(rows)}`;
}

/** The header badge's count of a user's cart (owner.ts cartCount's sum), as a scalar subquery of a stamp. */
const badgeCountOf = (userId: number): SQL =>
  sql`(select coalesce(sum(l.quantity), 0) from cart_lines l join carts c on c.id = l.cart_id where c.user_id = ${userId})`;

/**
 * The stamp /user/orders is kept under (web/kept-cart-pages.ts, issue 39): the user's orders — their number,
 * the sum of their versions (a version rises with every change of an order, its shipments or its returns:
 * migration 0019, and versions never fall, so any change moves the sum) and the newest id — and the badge's
 * count of their cart, which the page's header shows. One query, planned once on PGlite. What else the list
 * shows (store names, settings, words) is the shop's, and its changes are announced.
 */
export async function ordersStampFor(userId: number): Promise<string> {
  const [row] = await preparedRows<{ orders: string; cart: number | string | null }>(
    sql`select (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(id), 0) from orders where user_id = ${userId}) as orders,
          ${badgeCountOf(userId)} as cart`,
  );
  return `${row?.orders ?? ''}#${row?.cart ?? 0}`;
}

/**
 * The stamp one order's page is kept under (web/kept-cart-pages.ts, issue 39): the order's version (every change
 * of the order, its shipments or its returns raises it; a refund or a cancellation changes the order's row), its
 * payment rows in full (a bank transfer's details are written there without touching the order) and the badge's
 * count of the cart. Someone else's order, or none, stamps empty (its page is a 404, never kept).
 */
export async function orderStampFor(userId: number, orderId: number): Promise<string> {
  const [row] = await preparedRows<{ version: number | null; payments: string | null; cart: number | string | null }>(
    sql`select o.version,
          (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from payments p where p.order_no = o.order_no) as payments,
          ${badgeCountOf(userId)} as cart
        from orders o where o.id = ${orderId} and o.user_id = ${userId}`,
  );
  return row ? `${row.version}:${row.payments ?? ''}#${row.cart ?? 0}` : '';
}
