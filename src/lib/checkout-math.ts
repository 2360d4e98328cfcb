/**
 * Checkout arithmetic in integer minor units (cents): pure functions for the server's quote and
 * its tests. Rounding (docs/decisions/0017-checkout.md):
 * - a percent voucher's discount is rounded down to the cent (the shopper never gets a fraction of a
 *   cent more than the percent), then capped by `max_discount` and by the amount it applies to;
 * - a discount shared by several stores' orders is split in proportion to their goods, the cents left
 *   by rounding down going to the largest shares first (ties: the earlier store), so the parts add up exactly;
 * - tax is `taxable × rate_bp / 10000` per order, rounded half up to the cent, on goods after discounts
 *   (shipping is not taxed).
 */

export interface VoucherTerms {
  /** 1 flat, 2 percent. */
  priceType: number;
  /** Cents when flat; whole percent when percent. */
  amount: number;
  /** Cap of a percent voucher in cents; 0 = none. */
  maxDiscount: number;
}

/** What a voucher takes off `base` (the goods it applies to, after bundle deals). */
export function voucherDiscount(terms: VoucherTerms, base: number): number {
  if (base <= 0) return 0;
  let off = terms.priceType === 2 ? Math.floor((base * terms.amount) / 100) : terms.amount;
  if (terms.priceType === 2 && terms.maxDiscount > 0) off = Math.min(off, terms.maxDiscount);
  return Math.max(0, Math.min(off, base));
}

/** Splits `total` over `weights` in proportion, exactly (largest remainder). */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** Tax on `taxable` cents at `rateBp` basis points (825 = 8.25 %), rounded half up. */
export function taxOf(taxable: number, rateBp: number): number {
  if (taxable <= 0 || rateBp <= 0) return 0;
  return Math.floor((taxable * rateBp + 5000) / 10000);
}

/** A store's shipping: free when its goods reach its threshold (0 = no threshold). */
export function storeShipping(lineShipping: number, goods: number, freeShippingMin: number): number {
  return freeShippingMin > 0 && goods >= freeShippingMin ? 0 : lineShipping;
}

/**
 * A store's shipping from its lines' fees: a line is free when the store's goods reach the free-shipping minimum of
 * its rule or place (`free_shipping_min`, 0 = none); then the whole store's is free past the store's threshold.
 */
export function storeShippingOf(lines: readonly { fee: number; free_shipping_min: number }[], goods: number, storeFreeMin: number): number {
  const fees = lines.reduce((n, l) => n + (l.free_shipping_min > 0 && goods >= l.free_shipping_min ? 0 : l.fee), 0);
  return storeShipping(fees, goods, storeFreeMin);
}
