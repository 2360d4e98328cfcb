import { describe, expect, it } from 'vitest';
import { payRefusal } from '@/server/payments/payable';

const o = (status: string, paymentStatus = 0) => ({ status, paymentStatus });

describe('payRefusal: whether a checkout may take a payment now', () => {
  it('lets a live unpaid checkout with a pending payment (or none) be paid', () => {
    expect(payRefusal({ orders: [o('pending')], payment: { status: 'pending' } })).toBeNull();
    expect(payRefusal({ orders: [o('confirmed'), o('cancelled')], payment: { status: 'pending' } })).toBeNull();
    expect(payRefusal({ orders: [o('pending')] })).toBeNull();
  });

  it('refuses a checkout whose orders are all cancelled, or refunded', () => {
    expect(payRefusal({ orders: [o('cancelled'), o('cancelled')], payment: { status: 'pending' } })).toBe('cancelled');
    expect(payRefusal({ orders: [o('cancelled')], payment: { status: 'failed' } })).toBe('cancelled');
    expect(payRefusal({ orders: [o('cancelled'), o('refunded', 1)], payment: { status: 'pending' } })).toBe('refunded');
    expect(payRefusal({ orders: [o('delivered', 1)], payment: { status: 'refunded' } })).toBe('refunded');
  });

  it('refuses a checkout already paid (row or every live order)', () => {
    expect(payRefusal({ orders: [o('pending', 1)], payment: { status: 'paid' } })).toBe('paid');
    expect(payRefusal({ orders: [o('delivered', 1), o('cancelled')], payment: { status: 'pending' } })).toBe('paid');
  });

  it('refuses a payment row closed by a cancellation even if an order looks live', () => {
    expect(payRefusal({ orders: [o('pending')], payment: { status: 'failed' } })).toBe('cancelled');
  });
});
