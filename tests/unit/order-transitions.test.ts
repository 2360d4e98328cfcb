import { describe, expect, it } from 'vitest';
import {
  cancelProblem,
  isOrderStatus,
  ORDER_STATUSES,
  paidOnDelivery,
  STATUS_CODES,
  statusKey,
  trackerOf,
  TRANSITIONS,
  transitionProblem,
  type OrderStatus,
} from '@/server/orders/transitions';
import { lockOrder } from '@/server/orders/stock';
import { parseOrderNumber, phoneDigits, sameSecret } from '@/server/orders/track';
import { englishOf } from '@/i18n';

const english = (r: { key: string; vars?: Record<string, string> } | null) => (r ? englishOf(r.key, r.vars) : null);

describe('the transition table', () => {
  it('allows exactly these moves', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => transitionProblem(from, to, true) === null).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'pending>confirmed',
      'pending>cancelled',
      'confirmed>picked_up',
      'confirmed>shipped',
      'confirmed>cancelled',
      'picked_up>on_the_way',
      'picked_up>shipped',
      'picked_up>cancelled',
      'on_the_way>delivered',
      'shipped>on_the_way',
      'shipped>delivered',
      'delivered>refunded',
      'cancelled>refunded',
    ]);
  });

  it('says why a move is refused, word for word', () => {
    expect(english(transitionProblem('pending', 'shipped', false))).toBe(
      'An order that is Pending cannot become Shipped. Next it can become: confirmed, cancelled.',
    );
    expect(english(transitionProblem('confirmed', 'delivered', false))).toBe(
      'An order that is Confirmed cannot become Delivered. Next it can become: picked up, shipped, cancelled.',
    );
    expect(english(transitionProblem('shipped', 'shipped', false))).toBe('This order is already Shipped.');
    expect(english(transitionProblem('refunded', 'pending', true))).toBe('This order is Refunded: its status cannot change any more.');
    expect(english(transitionProblem('cancelled', 'refunded', false))).toBe(
      'Nothing was paid for this order, so there is nothing to refund.',
    );
    expect(transitionProblem('cancelled', 'refunded', true)).toBeNull();
    expect(english(transitionProblem('delivered', 'refunded', false))).toBe(
      'Nothing was paid for this order, so there is nothing to refund.',
    );
  });

  it('never lets an order go back to pending, and refunded is the end', () => {
    for (const from of ORDER_STATUSES) expect(TRANSITIONS[from]).not.toContain('pending');
    expect(TRANSITIONS.refunded).toEqual([]);
  });

  it('numbers the statuses as DESIGN.md says (0 pending, 1 confirmed, 2 shipped, 3 delivered), the others after', () => {
    expect(STATUS_CODES).toEqual({
      pending: 0,
      confirmed: 1,
      shipped: 2,
      delivered: 3,
      picked_up: 4,
      on_the_way: 5,
      cancelled: 6,
      refunded: 7,
    });
    expect(isOrderStatus('shipped')).toBe(true);
    expect(isOrderStatus('lost')).toBe(false);
    expect(statusKey('picked_up')).toBe('orders.status.picked_up');
    expect(statusKey('lost')).toBe('orders.status.pending');
  });
});

describe('cancelling and paying', () => {
  it('a shopper may cancel until shipped', () => {
    const may = ORDER_STATUSES.filter((s) => cancelProblem(s) === null);
    expect(may).toEqual(['pending', 'confirmed', 'picked_up']);
    expect(english(cancelProblem('shipped'))).toBe('This order has already been shipped, so it can no longer be cancelled.');
    expect(english(cancelProblem('on_the_way'))).toBe('This order has already been shipped, so it can no longer be cancelled.');
    expect(english(cancelProblem('delivered'))).toBe('This order has already been shipped, so it can no longer be cancelled.');
    expect(english(cancelProblem('cancelled'))).toBe('This order is already cancelled.');
    expect(english(cancelProblem('refunded'))).toBe('This order is already cancelled.');
  });

  it('cash on delivery is paid on delivery, only then and only once', () => {
    expect(paidOnDelivery('delivered', 2, 0)).toBe(true);
    expect(paidOnDelivery('delivered', 2, 1)).toBe(false);
    expect(paidOnDelivery('delivered', 7, 0)).toBe(false);
    expect(paidOnDelivery('shipped', 2, 0)).toBe(false);
  });
});

describe('the tracker', () => {
  const at = (n: number) => `2026-11-2${n}T10:00:00.000Z`;
  const states = (status: OrderStatus, history: { status: string; at: string }[]) =>
    trackerOf(status, history).map((s) => `${s.key}:${s.state}:${s.at ?? '-'}`);

  it('marks the steps before the current one done with their first dates, the current one, and the rest upcoming', () => {
    expect(
      states('confirmed', [
        { status: 'pending', at: at(1) },
        { status: 'confirmed', at: at(2) },
        { status: 'confirmed', at: at(3) },
      ]),
    ).toEqual([
      `pending:done:${at(1)}`,
      `confirmed:current:${at(2)}`,
      'picked_up:upcoming:-',
      'shipped:upcoming:-',
      'delivered:upcoming:-',
    ]);
  });

  it('never dates a step still to come, whatever the history holds', () => {
    const odd = [
      { status: 'pending', at: at(1) },
      { status: 'delivered', at: at(2) },
    ];
    expect(states('pending', odd)).toEqual([
      `pending:current:${at(1)}`,
      'confirmed:upcoming:-',
      'picked_up:upcoming:-',
      'shipped:upcoming:-',
      'delivered:upcoming:-',
    ]);
  });

  it('shows shipped and on the way as one step, and a skipped step done without a date', () => {
    expect(
      states('on_the_way', [
        { status: 'pending', at: at(1) },
        { status: 'confirmed', at: at(2) },
        { status: 'on_the_way', at: at(4) },
      ]),
    ).toEqual([`pending:done:${at(1)}`, `confirmed:done:${at(2)}`, 'picked_up:done:-', `shipped:current:${at(4)}`, 'delivered:upcoming:-']);
    expect(
      states('delivered', [
        { status: 'shipped', at: at(3) },
        { status: 'on_the_way', at: at(4) },
        { status: 'delivered', at: at(5) },
      ]).slice(3),
    ).toEqual([`shipped:done:${at(3)}`, `delivered:current:${at(5)}`]);
  });

  it('ends a cancelled order with the cancellation, and a refund after it', () => {
    const h = [
      { status: 'pending', at: at(1) },
      { status: 'cancelled', at: at(2) },
    ];
    expect(states('cancelled', h)).toEqual([`pending:done:${at(1)}`, `cancelled:current:${at(2)}`]);
    expect(states('refunded', [...h, { status: 'refunded', at: at(3) }])).toEqual([
      `pending:done:${at(1)}`,
      `cancelled:done:${at(2)}`,
      `refunded:current:${at(3)}`,
    ]);
    expect(
      states('refunded', [
        { status: 'delivered', at: at(4) },
        { status: 'refunded', at: at(5) },
      ]),
    ).toEqual([`delivered:done:${at(4)}`, `refunded:current:${at(5)}`]);
  });
});

describe('stock lock order', () => {
  it("plain products by id, then variants by id, then the variants' products summed", () => {
    const t = (productId: number, inventoryId: number | null, quantity = 1) => ({ productId, inventoryId, quantity, title: '' });
    const order = lockOrder([t(9, 30, 2), t(3, null), t(9, 12, 1), t(1, null), t(4, 40, 5)]);
    expect(order.plain.map((x) => x.productId)).toEqual([1, 3]);
    expect(order.variants.map((x) => x.inventoryId)).toEqual([12, 30, 40]);
    expect(order.variantProducts).toEqual([
      { productId: 4, quantity: 5 },
      { productId: 9, quantity: 3 },
    ]);
  });
});

describe('guest tracking helpers', () => {
  it('reads the order number as an id or a purchase number', () => {
    expect(parseOrderNumber(' #42 ')).toEqual({ id: 42, no: '42' });
    expect(parseOrderNumber('20261124-3fa9c01b2d')).toEqual({ id: -1, no: '20261124-3FA9C01B2D' });
    expect(parseOrderNumber('1234567890').id).toBe(-1);
  });
  it('compares phones by their last ten digits and secrets exactly', () => {
    expect(phoneDigits('+1 (555) 123-4567')).toBe('5551234567');
    expect(sameSecret('e:a@b.co', 'e:a@b.co')).toBe(true);
    expect(sameSecret('e:a@b.co', 'e:a@b.com')).toBe(false);
  });
});
