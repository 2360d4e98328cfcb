/**
 * The order's life in one table (docs/decisions/0021-orders-after-checkout.md): which status may follow
 * which, who may cancel, the numbers the API shows beside the text, and the tracker's steps. Pure
 * functions only, so the rules are pinned by unit tests (and are a mutation-testing target).
 */

export const ORDER_STATUSES = ['pending', 'confirmed', 'picked_up', 'on_the_way', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** DESIGN.md's numbers: 0 pending, 1 confirmed, 2 shipped, 3 delivered, then the further labels. */
export const STATUS_CODES: Readonly<Record<OrderStatus, number>> = {
  pending: 0,
  confirmed: 1,
  shipped: 2,
  delivered: 3,
  picked_up: 4,
  on_the_way: 5,
  cancelled: 6,
  refunded: 7,
};

/** What may follow each status (the operator's moves; a shopper may only cancel, see `canCancel`). */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['picked_up', 'shipped', 'cancelled'],
  picked_up: ['shipped', 'on_the_way', 'cancelled'],
  shipped: ['on_the_way', 'delivered'],
  on_the_way: ['delivered'],
  delivered: ['refunded'],
  cancelled: ['refunded'],
  refunded: [],
};

export const isOrderStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

/** The message key of a status's label ("Picked up"). */
export const statusKey = (s: string) => `orders.status.${isOrderStatus(s) ? s : 'pending'}`;

/** A refusal: an English sentence's key and its values (translated where shown; the CLI prints English). */
export interface Refusal {
  key: string;
  vars?: Record<string, string>;
}

/**
 * Why `from` may not become `to`, or null when it may. Refunding needs money received (`paid`);
 * the same status again is refused too (a command run twice changes nothing and says so).
 */
export function transitionProblem(from: OrderStatus, to: OrderStatus, paid: boolean): Refusal | null {
  if (from === to) return { key: 'orders.errors.sameStatus', vars: { status: statusKey(to) } };
  const next = TRANSITIONS[from];
  if (!next.includes(to)) {
    if (!next.length) return { key: 'orders.errors.final', vars: { from: statusKey(from) } };
    return {
      key: 'orders.errors.notAllowed',
      vars: { from: statusKey(from), to: statusKey(to), next: next.map((s) => s.replace('_', ' ')).join(', ') },
    };
  }
  if (to === 'refunded' && !paid) return { key: 'orders.errors.nothingToRefund' };
  return null;
}

/** A shopper may cancel until the order is shipped (pending, confirmed, picked up). */
export const CANCELLABLE: readonly OrderStatus[] = ['pending', 'confirmed', 'picked_up'];

/** Why the shopper cannot cancel an order in this status, or null. */
export function cancelProblem(status: OrderStatus): Refusal | null {
  if (CANCELLABLE.includes(status)) return null;
  if (status === 'cancelled' || status === 'refunded') return { key: 'orders.errors.alreadyCancelled' };
  return { key: 'orders.errors.tooLateToCancel' };
}

/** Cash on delivery is paid when the parcel is handed over. */
export const paidOnDelivery = (to: OrderStatus, paymentMethod: number, paymentStatus: number) =>
  to === 'delivered' && paymentMethod === 2 && paymentStatus === 0;

/** The tracker's steps in order; "shipped" and "on the way" are one step. */
export const TRACKER_STEPS = ['pending', 'confirmed', 'picked_up', 'shipped', 'delivered'] as const;
export type TrackerStepKey = (typeof TRACKER_STEPS)[number] | 'cancelled' | 'refunded';

export interface TrackerStep {
  key: TrackerStepKey;
  state: 'done' | 'current' | 'upcoming';
  /** When the order first reached the step (ISO), or null. */
  at: string | null;
}

const stepOf = (s: OrderStatus): TrackerStepKey => (s === 'on_the_way' ? 'shipped' : s);

/**
 * The tracker from the current status and the history (oldest first): every step up to the current
 * one done (with its first date when the history has one), the current one marked, the rest upcoming.
 * A cancelled or refunded order shows the steps it reached and then its end (cancelled, refunded).
 */
export function trackerOf(status: OrderStatus, history: { status: string; at: string }[]): TrackerStep[] {
  const firstAt = new Map<TrackerStepKey, string>();
  for (const h of history) if (isOrderStatus(h.status) && !firstAt.has(stepOf(h.status))) firstAt.set(stepOf(h.status), h.at);
  const step = (key: TrackerStepKey, state: TrackerStep['state']): TrackerStep => ({
    key,
    state,
    at: state === 'upcoming' ? null : (firstAt.get(key) ?? null),
  });
  if (status === 'cancelled' || status === 'refunded') {
    const reached = TRACKER_STEPS.filter((k) => firstAt.has(k));
    const ends: TrackerStepKey[] = status === 'refunded' && firstAt.has('cancelled') ? ['cancelled', 'refunded'] : [status];
    return [...reached.map((k) => step(k, 'done')), ...ends.map((k, i) => step(k, i === ends.length - 1 ? 'current' : 'done'))];
  }
  const current = TRACKER_STEPS.indexOf(stepOf(status) as (typeof TRACKER_STEPS)[number]);
  return TRACKER_STEPS.map((k, i) => step(k, i < current ? 'done' : i === current ? 'current' : 'upcoming'));
}
