import { sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { rowsOn } from '@/server/db/prepared';
import { cardsOf, type ProductCard } from '@/server/catalog/product-card';
import { cardPriceOf } from '@/lib/price';
import { cartCountOf, CHECKED, freeUnits, lineAmounts, sumTotals, totalsOf, type Totals } from '@/lib/cart-math';
import type { CartOwner } from '@/server/cart/owner';
import type { CartLineData } from '@/lib/cart-view';
import { lineShippingOf, type LineShipping, type ShippingRule, type ShipTo } from '@/server/cart/shipping';
import { NO_CART, ownerCart, shipTo, stampOf } from '@/server/cart/stamp';

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

/** One row per line (one row with `id` null for a cart without lines), each carrying the cart and its address. */
interface Row {
  cart_id: number;
  shipping_type: number;
  to_id: number | null;
  to_country: string | null;
  to_state: string | null;
  to_country_name: string | null;
  to_state_name: string | null;
  id: number | null;
  product_id: number;
  inventory_id: number | null;
  quantity: number;
  selected: number;
  line_deal_id: number | null;
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
  flash: { price: number; ends_at: string } | null;
  variant_prices: number[] | null;
  rule: ShippingRule | null;
}
type LineRow = Row & { id: number };

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
  return (await stampedCartOf(owner, now, opts)).view;
}

/** cartOf, with the stamp of the rows it was drawn from (cart/stamp.ts: what keeps the cart page per shopper). */
export async function stampedCartOf(
  owner: CartOwner | null,
  now = new Date(),
  opts: CartViewOptions = {},
): Promise<{ view: CartView; stamp: string }> {
  if (!owner) return { view: EMPTY(), stamp: NO_CART };
  const at = now.toISOString();
  // One round trip for the whole page (the cart page is rendered per request): the cart, its address
  // (the one chosen with update-shipping, else the user's default shipping address), and per line the
  // product, store, variant, deals, running flash price, variant prices and shipping rule with its places.
  const query = sql`${ownerCart(owner)}
        select c.id as cart_id, c.shipping_type,
          a.id as to_id, a.country as to_country, a.state as to_state, a.country_name as to_country_name, a.state_name as to_state_name,
          l.id, l.product_id, l.inventory_id, l.quantity, l.selected, l.bundle_deal_id as line_deal_id,
          s.id as store_id, s.name as store_name, s.slug as store_slug, s.logo as store_logo,
          p.slug, p.title, p.image, p.selling, p.offered, p.rating, p.review_count, p.stock as product_stock, p.max_per_order, p.shipping_rule_id,
          i.price as inv_price, i.quantity as inv_quantity,
          (select string_agg(v.title, ' / ' order by v.attribute_id) from inventory_attributes ia join attribute_values v on v.id = ia.attribute_value_id where ia.inventory_id = l.inventory_id) as variant,
          d.id as deal_id, d.title as deal_title, d.buy as deal_buy, d.free as deal_free,
          ad.id as avail_id, ad.title as avail_title, ad.buy as avail_buy, ad.free as avail_free,
          (select json_build_object('price', fp.price, 'ends_at', f.ends_at) from flash_sale_products fp
            join flash_sales f on f.id = fp.flash_sale_id
            where fp.product_id = p.id and f.status = 1 and f.starts_at <= ${at}::timestamptz and f.ends_at > ${at}::timestamptz
            order by fp.price asc limit 1) as flash,
          (select array_agg(vi.price order by vi.id) from inventories vi
            where vi.product_id = p.id and vi.archived_at is null and exists (select 1 from inventory_attributes va where va.inventory_id = vi.id)) as variant_prices,
          (select json_build_object('allow_others', r.allow_others, 'default_price', r.default_price, 'day_needed', r.day_needed,
              'free_shipping_min', r.free_shipping_min,
              'places', coalesce((select json_agg(json_build_object('country_code', sp.country_code, 'state_code', sp.state_code,
                'price', sp.price, 'day_needed', sp.day_needed, 'free_shipping_min', sp.free_shipping_min))
                from shipping_places sp where sp.shipping_rule_id = r.id), '[]'::json))
            from shipping_rules r where r.id = p.shipping_rule_id) as rule
        from c
        ${shipTo(owner, opts.addressId ?? null)}
        left join (
          cart_lines l
          join products p on p.id = l.product_id
          join stores s on s.id = p.store_id
        ) on l.cart_id = c.id
        left join inventories i on i.id = l.inventory_id
        left join bundle_deals d on d.id = l.bundle_deal_id and d.status = 1
        left join bundle_deals ad on ad.id = p.bundle_deal_id and ad.status = 1
        order by s.name, s.id, l.id`;
  // Planned once on the embedded database (server/db/prepared.ts), for the cart page and the checkout
  // pages' quote alike; a transaction (an order being placed) reads inside it.
  const rows = await rowsOn<Row>(opts.db ?? getDb(), query);
  const stamp = stampOf(rows);
  const head = rows[0];
  if (!head) return { view: EMPTY(), stamp };
  const shippingType = opts.shippingType ?? head.shipping_type;
  const to: ShipTo | null =
    head.to_id === null
      ? null
      : {
          id: head.to_id,
          country: head.to_country!,
          state: head.to_state!,
          countryName: head.to_country_name!,
          stateName: head.to_state_name!,
        };
  const lineRows = rows.filter((r): r is LineRow => r.id !== null);
  const cards = cardsOf(
    lineRows.map((r) => ({
      id: r.product_id,
      slug: r.slug,
      title: r.title,
      image: r.image,
      selling: r.selling,
      offered: r.offered,
      rating: r.rating,
      reviewCount: r.review_count,
      stock: r.product_stock,
      flash: r.flash,
      variantPrices: r.variant_prices,
    })),
    new Set(),
    now,
  );

  const lines = lineRows.map((r, i): CartLineView => {
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
      shipping: lineShippingOf(r.rule, to, shippingType),
    };
  });
  const stores: CartStoreView[] = [];
  for (const [i, line] of lines.entries()) {
    const r = lineRows[i]!;
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
  const view: CartView = {
    cartCount: cartCountOf(lines),
    cartProducts: lines,
    stores,
    totals: sumTotals(stores.map((s) => s.totals)),
    shipping_type: shippingType,
    address: to ? { id: to.id, country: to.country, state: to.state, country_name: to.countryName, state_name: to.stateName } : null,
    can_checkout: checked.length > 0 && checked.every((l) => l.shipping.ok),
  };
  return { view, stamp };
}
