/**
 * Cart arithmetic (the spec's sections 3–4), in integer minor units: pure functions shared by the
 * server's cart and its tests. Only checked lines (selected = 1) count toward what is paid.
 */
export const CHECKED = 1;
export const UNCHECKED = 2;

export interface BundleDeal {
  buy: number;
  free: number;
}

/** Units given free by a "buy N, get M free" deal: every full group of N + M units carries M free ones. */
export function freeUnits(quantity: number, deal: BundleDeal | null | undefined): number {
  if (!deal || deal.buy < 1 || deal.free < 1 || quantity < 1) return 0;
  return Math.floor(quantity / (deal.buy + deal.free)) * deal.free;
}

export interface LineInput {
  quantity: number;
  /** Unit price by the price rule, in minor units. */
  unitPrice: number;
  selected: number;
  deal?: BundleDeal | null;
  /** Shipping for this line in minor units (0 for pickup or free shipping). */
  shipping?: number;
}

export interface LineAmounts {
  /** quantity × unit price, before the deal. */
  gross: number;
  /** What the deal takes off. */
  discount: number;
  /** gross − discount. */
  total: number;
}

/** One line's amounts; integer inputs give integer outputs. */
export function lineAmounts(line: LineInput): LineAmounts {
  const gross = line.quantity * line.unitPrice;
  const discount = freeUnits(line.quantity, line.deal) * line.unitPrice;
  return { gross, discount, total: gross - discount };
}

export interface Totals {
  /** Units in checked lines. */
  quantity: number;
  subtotal: number;
  discount: number;
  shipping: number;
  /** subtotal − discount + shipping. */
  total: number;
}

export const ZERO_TOTALS: Totals = { quantity: 0, subtotal: 0, discount: 0, shipping: 0, total: 0 };

/** Totals of the checked lines among these. */
export function totalsOf(lines: readonly LineInput[]): Totals {
  return lines
    .filter((l) => l.selected === CHECKED)
    .reduce<Totals>((t, l) => {
      const a = lineAmounts(l);
      const shipping = l.shipping ?? 0;
      return {
        quantity: t.quantity + l.quantity,
        subtotal: t.subtotal + a.gross,
        discount: t.discount + a.discount,
        shipping: t.shipping + shipping,
        total: t.total + a.total + shipping,
      };
    }, ZERO_TOTALS);
}

/** Adds up per-store totals into the overall one. */
export function sumTotals(all: readonly Totals[]): Totals {
  return all.reduce<Totals>(
    (t, s) => ({
      quantity: t.quantity + s.quantity,
      subtotal: t.subtotal + s.subtotal,
      discount: t.discount + s.discount,
      shipping: t.shipping + s.shipping,
      total: t.total + s.total,
    }),
    ZERO_TOTALS,
  );
}

/** The cart count (the badge): the sum of every line's quantity, checked or not. */
export const cartCountOf = (lines: readonly { quantity: number }[]): number => lines.reduce((n, l) => n + l.quantity, 0);

/** The non-HttpOnly cookie that carries the badge's count to shared (cached) guest pages; the server writes it after each cart change. */
export const CART_COUNT_COOKIE = 'cart_count';
