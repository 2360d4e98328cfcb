/**
 * How an order's moments read (the tracker, the history, the cancellation): date and time in UTC with the
 * zone's name, in the page's language. One formatter per language, made once.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function orderDateTime(lang: string): Intl.DateTimeFormat {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    formats.set(lang, format);
  }
  return format;
}

const days = new Map<string, Intl.DateTimeFormat>();

/** The day an order was placed (the orders list), in the page's language: one formatter per language, made once (a new one costs more than drawing the list). */
export function orderDate(lang: string): Intl.DateTimeFormat {
  let format = days.get(lang);
  if (!format) days.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' })));
  return format;
}
