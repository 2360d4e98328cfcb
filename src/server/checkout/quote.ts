import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { rowsOn } from '@/server/db/prepared';
import { CHECKED } from '@/lib/cart-math';
import { splitProportionally, storeShippingOf, taxOf } from '@/lib/checkout-math';
import type { PriceFormat } from '@/lib/price';
import { cartOf, type CartLineView, type CartView } from '@/server/cart/view';
import { applyVoucher, type VoucherRow } from '@/server/checkout/vouchers';
import { taxRateFor, type TaxRate } from '@/server/checkout/tax';
import { NO_ADDRESS, NOTHING_SELECTED, STANDARD_DAYS, UNABLE_TO_SHIP } from '@/server/checkout/messages';

/** One store's order as it will be placed: checked lines only, amounts in minor units. */
export interface StoreQuote {
  id: number;
  name: string;
  slug: string;
  lines: CartLineView[];
  quantity: number;
  /** quantity × unit price of the lines. */
  subtotal: number;
  /** Bundle deals plus this store's part of the voucher. */
  discount: number;
  voucher_discount: number;
  /** What of each line the voucher covers (its line total, or 0 when the voucher is limited to other products). */
  voucher_weights: number[];
  shipping: number;
  free_shipping_min: number;
  tax: number;
  total: number;
  /** The standard promise (3-7 business days). */
  days: string;
}

export interface QuoteTotals {
  quantity: number;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

export interface Quote {
  cart: CartView;
  stores: StoreQuote[];
  voucher: (Pick<VoucherRow, 'id' | 'code' | 'title' | 'price_type' | 'amount'> & { discount: number }) | null;
  tax: TaxRate;
  totals: QuoteTotals;
  /** The spec's message that stops the purchase now, or null when it may go ahead. */
  problem: string | null;
}

export interface QuoteInput {
  addressId?: number;
  shippingType?: number;
  voucherCode?: string;
}

/**
 * Prices the user's checked cart lines on the server, from the catalog (never from the request): the one
 * price rule per line, bundle deals, shipping per store (a line free past its rule's or place's minimum, the store's
 * free past the store's threshold, both measured on the store's goods before the voucher; pickup is free),
 * the voucher, tax by the address's place. `db` is the order's transaction when placing.
 */
export async function quoteCheckout(db: Tx, userId: number, input: QuoteInput, fmt: PriceFormat, now = new Date()): Promise<Quote> {
  const cart = await cartOf({ userId }, now, { db, addressId: input.addressId, shippingType: input.shippingType });
  const checked = cart.stores.map((s) => ({ ...s, lines: s.lines.filter((l) => l.selected === CHECKED) })).filter((s) => s.lines.length);
  const thresholds = await freeShippingMins(
    db,
    checked.map((s) => s.id),
  );
  const stores: StoreQuote[] = checked.map((s) => {
    const subtotal = s.lines.reduce((n, l) => n + l.quantity * l.unit_price, 0);
    const goods = s.lines.reduce((n, l) => n + l.line_total, 0);
    const lineShipping = s.lines.map((l) => ({ fee: l.shipping.price ?? 0, free_shipping_min: l.shipping.free_shipping_min }));
    const freeMin = thresholds.get(s.id) ?? 0;
    return {
      id: s.id,
      name: s.name,
      slug: s.slug,
      lines: s.lines,
      quantity: s.lines.reduce((n, l) => n + l.quantity, 0),
      subtotal,
      discount: subtotal - goods,
      voucher_discount: 0,
      voucher_weights: s.lines.map(() => 0),
      shipping: cart.shipping_type === 2 ? 0 : storeShippingOf(lineShipping, goods, freeMin),
      free_shipping_min: freeMin,
      tax: 0,
      total: 0,
      days: STANDARD_DAYS,
    };
  });
  const goodsOf = (s: StoreQuote) => s.subtotal - s.discount;
  let voucher: Quote['voucher'] = null;
  if (input.voucherCode) {
    const lines = stores.flatMap((s) => s.lines.map((l) => ({ store_id: s.id, product_id: l.product_id, line_total: l.line_total })));
    const applied = await applyVoucher(db, userId, input.voucherCode, new Map(stores.map((s) => [s.id, goodsOf(s)])), fmt, now, lines);
    const targets = stores.filter((s) => applied.base.has(s.id));
    // Split over the stores by what it covers of each (all their goods, or only the lines of its categories/products).
    const parts = splitProportionally(
      applied.discount,
      targets.map((s) => applied.base.get(s.id)!),
    );
    targets.forEach((s, i) => {
      s.voucher_discount = parts[i]!;
      s.discount += parts[i]!;
      s.voucher_weights = s.lines.map((l) => (applied.covers(l.product_id) ? l.line_total : 0));
    });
    const v = applied.voucher;
    voucher = { id: v.id, code: v.code, title: v.title, price_type: v.price_type, amount: v.amount, discount: applied.discount };
  }
  const tax = await taxRateFor(db, cart.address?.country ?? null, cart.address?.state ?? null);
  for (const s of stores) {
    s.tax = taxOf(goodsOf(s), tax.rate_bp);
    s.total = goodsOf(s) + s.shipping + s.tax;
  }
  const sum = (f: (s: StoreQuote) => number) => stores.reduce((n, s) => n + f(s), 0);
  const totals = {
    quantity: sum((s) => s.quantity),
    subtotal: sum((s) => s.subtotal),
    discount: sum((s) => s.discount),
    shipping: sum((s) => s.shipping),
    tax: sum((s) => s.tax),
    total: sum((s) => s.total),
  };
  return { cart, stores, voucher, tax, totals, problem: problemOf(cart, stores) };
}

function problemOf(cart: CartView, stores: StoreQuote[]): string | null {
  if (!stores.length) return NOTHING_SELECTED;
  if (!cart.address) return NO_ADDRESS;
  if (stores.some((s) => s.lines.some((l) => !l.shipping.ok))) return UNABLE_TO_SHIP;
  return null;
}

async function freeShippingMins(db: Tx, storeIds: number[]): Promise<Map<number, number>> {
  if (!storeIds.length) return new Map();
  const rows = await rowsOn<{ id: number; free_shipping_min: number }>(
    db,
    sql`select id, free_shipping_min from stores where id in (${sql.join(
      storeIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.free_shipping_min]));
}
