import type { ReportQuery } from '@/lib/schemas/reports';

/** A report's days (both ends included, `YYYY-MM-DD` in the shop's time zone) and how its chart groups them. */
export interface Period {
  from: string;
  to: string;
  days: number;
  bucket: 'day' | 'week' | 'month';
}

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const ofMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => ofMs(toMs(day) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;

/** Today in a time zone (`UTC` when the zone is unknown). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const bucketOf = (days: number): Period['bucket'] => (days <= 62 ? 'day' : days <= 400 ? 'week' : 'month');

function make(from: string, to: string): Period {
  const days = daysBetween(from, to);
  return { from, to, days, bucket: bucketOf(days) };
}

/** The chosen period's days. */
export function periodOf(query: Pick<ReportQuery, 'period' | 'from' | 'to'>, today: string): Period {
  switch (query.period) {
    case 'today':
      return make(today, today);
    case '7d':
      return make(addDays(today, -6), today);
    case 'month':
      return make(`${today.slice(0, 8)}01`, today);
    case 'custom':
      return make(query.from!, query.to!);
    default:
      return make(addDays(today, -29), today);
  }
}

/** The period it is compared with: as many days, just before (this month: the same days of the month before). */
export function previousOf(period: Period, preset: ReportQuery['period']): Period {
  if (preset === 'month') {
    const first = period.from;
    const prevFirst = ofMs(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 2, 1));
    const prevLast = addDays(first, -1);
    const end = addDays(prevFirst, period.days - 1);
    return make(prevFirst, end < prevLast ? end : prevLast);
  }
  return make(addDays(period.from, -period.days), addDays(period.from, -1));
}

/** The offset of a time zone from UTC at a moment, in ms (UTC when the zone is unknown). */
function offsetAt(timeZone: string, ms: number): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(ms / 1000) * 1000;
  } catch {
    return 0;
  }
}

/**
 * The moment a shop-time-zone day (`YYYY-MM-DD`) starts, as an ISO instant: the orders list filters its
 * from/to days with it, so a report figure's link lists the orders the figure counted.
 */
export function dayStartIn(timeZone: string, day: string): string {
  const local = toMs(day);
  const first = local - offsetAt(timeZone, local);
  // Near a daylight-saving change the offset at the first guess can differ from the one at the answer; where the
  // clocks jump over midnight the day starts at the jump: the earliest guess whose local day is this one.
  const second = local - offsetAt(timeZone, first);
  const localDay = (ms: number) => ofMs(ms + offsetAt(timeZone, ms));
  const fits = [first, second].filter((ms) => localDay(ms) === day);
  return new Date(fits.length ? Math.min(...fits) : first).toISOString();
}
