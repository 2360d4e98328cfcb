import { splitProportionally } from '@/lib/checkout-math';

/**
 * Seller commission arithmetic (docs/decisions/0031-seller-commission.md): integers of the currency's minor unit,
 * rates in basis points (1000 = 10 %), rounded half up like tax. Pure, so it is unit-tested without a database.
 */

/** The commission on `base` minor units at `rateBp`, rounded half up (a negative or zero base takes none). */
export function commissionOf(base: number, rateBp: number): number {
  if (base <= 0 || rateBp <= 0) return 0;
  return Math.floor((base * rateBp + 5000) / 10_000);
}

export interface CommissionLine {
  line_total: number;
}

/**
 * Each line's part of its store's voucher discount (largest remainder over the lines it covers, so the parts add up to it exactly), what
 * the commission is taken on (line total − that part) and the commission itself.
 */
export function commissionLines<L extends CommissionLine>(
  lines: readonly L[],
  voucherDiscount: number,
  rateBp: number,
  /** What of each line the voucher covers (a voucher limited to categories or products covers some lines only). */
  weights: readonly number[] = lines.map((l) => l.line_total),
) {
  const shares = splitProportionally(voucherDiscount, weights);
  return lines.map((l, i) => {
    const discount = shares[i] ?? 0;
    const base = l.line_total - discount;
    return { discount_share: discount, base, commission_rate_bp: rateBp, commission_minor: commissionOf(base, rateBp) };
  });
}

/**
 * The part of `amount` that `done` of `whole` units carry, counted cumulatively: what `from` → `to` adds. Reversing
 * in steps this way (a line refunded one piece at a time) ends exactly at `amount` when everything is refunded.
 */
export function shareBetween(amount: number, whole: number, from: number, to: number): number {
  if (whole <= 0) return 0;
  const at = (n: number) => Math.floor((amount * Math.min(n, whole) * 2 + whole) / (2 * whole));
  return at(to) - at(from);
}

/** A rate as people type it ("12.5" %) → basis points (1250); null when it is not 0–100 with at most two decimals. */
export function percentToBp(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as a percent for people (1250 → "12.5"). */
export const bpToPercent = (bp: number): string => String(bp / 100);
