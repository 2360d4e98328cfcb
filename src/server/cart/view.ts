import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { toCards, type ProductCard } from '@/server/catalog/product-card';
import { cardPriceOf } from '@/lib/price';
import { cartCountOf, CHECKED, freeUnits, lineAmounts, sumTotals, totalsOf, type Totals } from '@/lib/cart-math';
import type { CartOwner } from '@/server/cart/owner';
import type { CartLineData } from '@/lib/cart-view';
import { shippingByRule, shipToOf, type LineShipping } from '@/server/cart/shipping';

/**
 * A cart line as the server builds it: the shape islands read (src/lib/cart-view.ts CartLineData, the
 * one definition of its fields), with the server's full product card and shipping answer.
 */
export interface CartLineView extends Omit<CartLineData, 'product' | 'shipping'> {
  product: ProductCard;
  shipping: LineShipping;
}

export interface CartStoreView {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  lines: CartLineView[];
  totals: Totals;
}

export interface CartView {
  cartCount: number;
  cartProducts: CartLineView[];
  stores: CartStoreView[];
  totals: Totals;
  shipping_type: number;
  address: { id: number; country: string; state: string; country_name: string; state_name: string } | null;
  /** Checked lines exist and every one of them can ship. */
  can_checkout: boolean;
}

interface Row {
  id: number;
  product_id: number;
  inventory_id: number | null;
  quantity: number;
  selected: number;
  store_id: number;
  store_name: string;
  store_slug: string;
  store_logo: string | null;
  slug: string;
  title: string;
  image: string | null;
  selling: number;
  offered: number;
  rating: string;
  review_count: number;
  product_stock: number;
  max_per_order: number;
  shipping_rule_id: number | null;
  inv_price: number | null;
  inv_quantity: number | null;
  variant: string | null;
  deal_id: number | null;
  deal_title: string | null;
  deal_buy: number | null;
  deal_free: number | null;
  avail_id: number | null;
  avail_title: string | null;
  avail_buy: number | null;
  avail_free: number | null;
}

const EMPTY = (shippingType = 1): CartView => ({
  cartCount: 0,
  cartProducts: [],
  stores: [],
  totals: sumTotals([]),
  shipping_type: shippingType,
  address: null,
  can_checkout: false,
});

const deal = (id: number | null, title: string | null, buy: number | null, free: number | null) =>
  id === null ? null : { id, title: title ?? '', buy: buy ?? 0, free: free ?? 0 };

/** Where cartOf reads (a transaction, for checkout) and the address and shipping type to price for instead of the cart's. */
export interface CartViewOptions {
  db?: Tx;
  addressId?: number;
  shippingType?: number;
}

/** `cart/by-user`: the owner's lines grouped by store, each priced by the one price rule, with per-store and overall totals. */
export async function cartOf(owner: CartOwner | null, now = new Date(), opts: CartViewOptions = {}): Promise<CartView> {
  if (!owner) return EMPTY();
  const db = opts.db ?? getDb();
  const [cart] = await queryRows<{ id: number; address_id: number | null; shipping_type: number }>(
    db,
    sql`select id, address_id, shipping_type from carts where ${owner.userId !== undefined ? sql`user_id = ${owner.userId}` : sql`guest_token = ${owner.guestToken}`}`,
  );
  if (!cart) return EMPTY();
  cart.address_id = opts.addressId ?? cart.address_id;
  cart.shipping_type = opts.shippingType ?? cart.shipping_type;
  const rows = await queryRows<Row>(
    db,
    sql`select l.id, l.product_id, l.inventory_id, l.quantity, l.selected,
          s.id as store_id, s.name as store_name, s.slug as store_slug, s.logo as store_logo,
          p.slug, p.title, p.image, p.selling, p.offered, p.rating, p.review_count, p.stock as product_stock, p.max_per_order, p.shipping_rule_id,
          i.price as inv_price, i.quantity as inv_quantity,
          (select string_agg(v.title, ' / ' order by v.attribute_id) from inventory_attributes ia join attribute_values v on v.id = ia.attribute_value_id where ia.inventory_id = l.inventory_id) as variant,
          d.id as deal_id, d.title as deal_title, d.buy as deal_buy, d.free as deal_free,
          ad.id as avail_id, ad.title as avail_title, ad.buy as avail_buy, ad.free as avail_free
        from cart_lines l
        join products p on p.id = l.product_id
        join stores s on s.id = p.store_id
        left join inventories i on i.id = l.inventory_id
        left join bundle_deals d on d.id = l.bundle_deal_id and d.status = 1
        left join bundle_deals ad on ad.id = p.bundle_deal_id and ad.status = 1
        where l.cart_id = ${cart.id}
        order by s.name, s.id, l.id`,
  );
  const cardRows = rows.map((r) => ({
    id: r.product_id,
    slug: r.slug,
    title: r.title,
    image: r.image,
    selling: r.selling,
    offered: r.offered,
    rating: r.rating,
    reviewCount: r.review_count,
    stock: r.product_stock,
  }));
  const [cards, to] = await Promise.all([toCards(db, cardRows, new Set(), now), shipToOf(db, owner.userId, cart.address_id)]);
  const shipping = await shippingByRule(
    db,
    rows.map((r) => r.shipping_rule_id).filter((x): x is number => x !== null),
    to,
    cart.shipping_type,
  );

  const lines = rows.map((r, i): CartLineView => {
    // The card already carries the running flash price and its end (one lookup for both).
    const card = cards[i]!;
    const hasVariantPrice = r.variant !== null;
    // The card rule applied to this one variant (or to the product alone): the same figure the tile shows.
    const unit = cardPriceOf(
      {
        selling: r.selling,
        offered: r.offered,
        flashPrice: card.price,
        endTime: card.end_time,
        variantPrices: hasVariantPrice ? [r.inv_price ?? 0] : [],
      },
      now.getTime(),
    ).current;
    const bundle = deal(r.deal_id, r.deal_title, r.deal_buy, r.deal_free);
    const amounts = lineAmounts({ quantity: r.quantity, unitPrice: unit, selected: r.selected, deal: bundle });
    return {
      id: r.id,
      product_id: r.product_id,
      inventory_id: r.inventory_id,
      quantity: r.quantity,
      selected: r.selected,
      store_id: r.store_id,
      product: card,
      variant: r.variant,
      unit_price: unit,
      line_total: amounts.total,
      stock: r.inventory_id !== null ? (r.inv_quantity ?? 0) : r.product_stock,
      max_per_order: r.max_per_order,
      bundle_deal: bundle,
      available_bundle_deal: deal(r.avail_id, r.avail_title, r.avail_buy, r.avail_free),
      free_units: freeUnits(r.quantity, bundle),
      shipping: shipping(r.shipping_rule_id),
    };
  });
  const stores: CartStoreView[] = [];
  for (const [i, line] of lines.entries()) {
    const r = rows[i]!;
    let store = stores.find((s) => s.id === line.store_id);
    if (!store)
      stores.push(
        (store = { id: r.store_id, name: r.store_name, slug: r.store_slug, logo: r.store_logo, lines: [], totals: sumTotals([]) }),
      );
    store.lines.push(line);
  }
  for (const store of stores) {
    store.totals = totalsOf(
      store.lines.map((l) => ({
        quantity: l.quantity,
        unitPrice: l.unit_price,
        selected: l.selected,
        deal: l.bundle_deal,
        shipping: l.shipping.price ?? 0,
      })),
    );
  }
  const checked = lines.filter((l) => l.selected === CHECKED);
  return {
    cartCount: cartCountOf(lines),
    cartProducts: lines,
    stores,
    totals: sumTotals(stores.map((s) => s.totals)),
    shipping_type: cart.shipping_type,
    address: to ? { id: to.id, country: to.country, state: to.state, country_name: to.countryName, state_name: to.stateName } : null,
    can_checkout: checked.length > 0 && checked.every((l) => l.shipping.ok),
  };
}
