import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { hitLimit, throttled } from '@/server/core/throttle';
import { historyOf, type OrderHistoryEntry } from '@/server/orders/by-user';
import { shipmentsOf, type Shipment } from '@/server/orders/shipments';
import { isOrderStatus, STATUS_CODES, trackerOf, type OrderStatus, type TrackerStep } from '@/server/orders/transitions';

/** Guest tracking: at most this many look-ups per client address per window. */
export const TRACK_LIMIT = { max: 20, windowSeconds: 15 * 60 };

export const TRACK_NOT_FOUND = 'We could not find an order with this number and this email or phone. Check both and try again.';

export interface TrackInput {
  order_id: string;
  email?: string | undefined;
  phone?: string | undefined;
}

/** What a guest sees: the status and its timeline, nothing personal (no address, no lines). */
export interface Tracked {
  id: number;
  order_no: string;
  status: OrderStatus;
  status_code: number;
  payment_status: number;
  store: string;
  created_at: string;
  history: OrderHistoryEntry[];
  tracker: TrackerStep[];
  /** The parcels: carrier, number and link only (what is in them stays private). */
  shipments: Omit<Shipment, 'lines'>[];
}

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Equal in constant time (both sides hashed first, so their lengths never matter). */
export const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
export const phoneDigits = (p: string) => p.replace(/\D/g, '').slice(-10);
/** The number a person types: "#123", "123" (the order's number) or the purchase number "20261124-3FA9C01B2D". */
export function parseOrderNumber(raw: string): { id: number; no: string } {
  const s = raw.trim().replace(/^#/, '');
  return { id: /^\d{1,9}$/.test(s) ? Number(s) : -1, no: s.toUpperCase() };
}

/**
 * `track-order?order_id=&email=` (or `phone=`): the order's timeline when the email or the phone is the
 * order's. An unknown order and a wrong email or phone take the same steps (one query, one comparison
 * against a stand-in when there is no row) and get the same 404 with the same words. Throttled per address.
 */
export async function trackOrder(input: TrackInput, ip: string): Promise<Tracked> {
  const hit = await hitLimit({ key: `track:ip:${ip}`, ...TRACK_LIMIT });
  if (hit.limited) throw throttled('Too many order look-ups from your network.', hit.retryAfter);
  const { id, no } = parseOrderNumber(input.order_id);
  const [row] = await queryRows<{
    id: number;
    order_no: string;
    status: string;
    payment_status: number;
    store_name: string | null;
    email: string;
    phone: string | null;
    created_at: string;
  }>(
    getDb(),
    sql`select o.id, o.order_no, o.status, o.payment_status, s.name as store_name, o.email, o.shipping_address->>'phone' as phone, o.created_at
        from orders o left join stores s on s.id = o.store_id where o.id = ${id} or o.order_no = ${no} order by o.id limit 1`,
  );
  const given = input.email ? `e:${input.email.trim().toLowerCase()}` : `p:${phoneDigits(input.phone ?? '')}`;
  const stored = input.email
    ? `e:${(row?.email ?? '\u0000none').toLowerCase()}`
    : `p:${row?.phone ? phoneDigits(row.phone) : '\u0000none'}`;
  const matches = sameSecret(given, stored) && given.length > 2;
  if (!row || !matches) throw new AppError({ code: 'NOT_FOUND', message: TRACK_NOT_FOUND });
  const history = await historyOf(getDb(), row.id);
  const status = isOrderStatus(row.status) ? row.status : 'pending';
  return {
    id: row.id,
    order_no: row.order_no,
    status,
    status_code: STATUS_CODES[status],
    payment_status: row.payment_status,
    store: row.store_name ?? '',
    created_at: new Date(row.created_at).toISOString(),
    history,
    tracker: trackerOf(status, history),
    shipments: (await shipmentsOf(getDb(), row.id)).map(({ lines: _lines, ...s }) => s),
  };
}
