/** Days, hours, minutes and seconds left in `ms` (never negative), for flash-sale countdowns. */
export function splitDuration(ms: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

const relative = new Map<string, Intl.RelativeTimeFormat>();

/** "in 29 days", "in 5 hours", "in 12 minutes": how far off `ms` is, in the largest whole unit, in `locale`. */
export function timeUntil(ms: number, locale: string): string {
  let rtf = relative.get(locale);
  if (!rtf) {
    try {
      rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    } catch {
      rtf = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
    }
    relative.set(locale, rtf);
  }
  const { d, h, m } = splitDuration(ms);
  if (d > 0) return rtf.format(d, 'day');
  if (h > 0) return rtf.format(h, 'hour');
  return rtf.format(Math.max(1, m), 'minute');
}
