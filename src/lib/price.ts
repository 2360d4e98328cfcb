/**
 * The spec's price rule (section 4), in integer cents, used by pages, islands and the API alike.
 *
 * - A variant with attributes and a price above 0 overrides the product's price.
 * - Otherwise the current price is the flash price when one exists with an end time still ahead,
 *   else the offered price when above 0, else the selling price.
 * - The previous (struck-through) price is the selling price when an offer or flash price applies.
 * - Discount percent = 100 − current as a percent of previous, truncated.
 */
export interface PriceInput {
  selling: number;
  offered?: number | null;
  /** Flash-sale price, when the product is in a flash sale. */
  flashPrice?: number | null;
  /** End of that flash sale (ISO string, Date or epoch ms). */
  endTime?: string | Date | number | null;
  /** Chosen variant's price and whether it has attributes. */
  variantPrice?: number | null;
  variantHasAttributes?: boolean;
}

export interface PriceResult {
  current: number;
  previous: number | null;
  discountPercent: number;
  source: 'variant' | 'flash' | 'offer' | 'selling';
}

const toMs = (t: string | Date | number) => (t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t));

export function priceOf(input: PriceInput, now: number = Date.now()): PriceResult {
  const { selling } = input;
  if (input.variantHasAttributes && (input.variantPrice ?? 0) > 0) {
    return { current: input.variantPrice!, previous: null, discountPercent: 0, source: 'variant' };
  }
  const flashLive = (input.flashPrice ?? 0) > 0 && input.endTime != null && toMs(input.endTime) > now;
  if (flashLive) return withPrevious(input.flashPrice!, selling, 'flash');
  if ((input.offered ?? 0) > 0) return withPrevious(input.offered!, selling, 'offer');
  return { current: selling, previous: null, discountPercent: 0, source: 'selling' };
}

export interface CardPriceInput extends Omit<PriceInput, 'variantPrice' | 'variantHasAttributes'> {
  /** The price of each variant that has attributes (0: that variant sells at the product's own price). */
  variantPrices?: readonly number[];
}

export interface CardPrice extends PriceResult {
  /** The variants differ in price: `current` is the lowest, shown as "from $21.99". */
  from: boolean;
}

/**
 * The one figure every list shows for a product (tiles, listings, the mega menu, JSON-LD, the API, and
 * the SQL that sorts and filters by price): the rule applied to each variant, the cheapest one, and
 * whether the variants differ. A product without variants is priced by `priceOf` alone.
 */
export function cardPriceOf(input: CardPriceInput, now: number = Date.now()): CardPrice {
  const { variantPrices = [], ...base } = input;
  if (!variantPrices.length) return { ...priceOf(base, now), from: false };
  const options = variantPrices.map((v) => priceOf({ ...base, variantPrice: v, variantHasAttributes: true }, now));
  const lowest = options.reduce((a, b) => (b.current < a.current ? b : a));
  return { ...lowest, from: new Set(options.map((o) => o.current)).size > 1 };
}

function withPrevious(current: number, previous: number, source: 'flash' | 'offer'): PriceResult {
  return { current, previous, discountPercent: discountPercent(current, previous), source };
}

/** 100 − current/previous as a percent, truncated toward zero; 0 when there is nothing to compare. */
export function discountPercent(current: number, previous: number): number {
  if (previous <= 0) return 0;
  // Integer arithmetic keeps truncation exact: floor((previous − current) · 100 / previous).
  return Math.max(0, Math.trunc(((previous - current) * 100) / previous));
}

export interface PriceFormat {
  currency_icon: string;
  decimal_format: string;
  /** 1 before, 2 after. */
  currency_position: 1 | 2;
}

const formatters = new Map<string, Intl.NumberFormat>();
const RTL_LOCALE = /^(ar|fa|he|ur)(-|$)/i;

/**
 * The locale numbers and prices are written in: the shop's `decimal_format` in its default language,
 * the language itself in any other (French "1 299,50", Arabic "١٬٢٩٩٫٥٠"); formatPrice keeps the
 * shop's currency symbol, position and at most 2 decimals in every language.
 */
export function numberLocale(lang: string, defaultLang: string, decimalFormat: string): string {
  if (lang === defaultLang) return decimalFormat;
  try {
    return Intl.NumberFormat.supportedLocalesOf([lang]).length ? lang : decimalFormat;
  } catch {
    return decimalFormat;
  }
}

/** "$1,299.50" from 129950 cents, with at most 2 decimals, in the locale and position from settings. */
export function formatPrice(cents: number, fmt: PriceFormat): string {
  const whole = cents % 100 === 0;
  const key = `${fmt.decimal_format}|${whole}`;
  let nf = formatters.get(key);
  if (!nf) {
    let locale = fmt.decimal_format;
    try {
      new Intl.NumberFormat(locale);
    } catch {
      locale = 'en-US';
    }
    nf = new Intl.NumberFormat(locale, { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    formatters.set(key, nf);
  }
  const number = nf.format(cents / 100);
  const price = fmt.currency_position === 2 ? `${number}${fmt.currency_icon}` : `${fmt.currency_icon}${number}`;
  // In right-to-left text the amount stays one left-to-right unit ("$1,299.50", not "1,299.50$"): LRI … PDI.
  return RTL_LOCALE.test(fmt.decimal_format) ? `\u2066${price}\u2069` : price;
}
