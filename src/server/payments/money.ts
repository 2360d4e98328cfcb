/**
 * Gateways that take decimal amounts (PayPal "17.34", Flutterwave 17.34) get them converted exactly from
 * our integer minor units, with the currency's own number of decimals (ISO 4217 through Intl: USD 2,
 * JPY 0, KWD 3), as strings — never through a float.
 */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** 1734 USD → "17.34"; 500 JPY → "500". */
export function toDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** "17.34" (or 17.34) USD → 1734; NaN when the text is not an amount in that currency's decimals. */
export function toMinor(value: string | number, currency: string): number {
  const digits = minorDigits(currency);
  const text = typeof value === 'number' ? value.toFixed(digits) : value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return Number.NaN;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return Number.NaN;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
