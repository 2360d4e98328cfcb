/**
 * The pay page's pure parts (payments/pay-page.ts): the request a gateway gets from it and the browser script
 * each 'client' gateway runs there. The cheap half of its mutation run's driver (docs/mutation-testing.md, run U);
 * what the page shows for each state of a checkout is tests/integration/payments-pay-page-rules.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSourcesFor, payRequest } from '@/server/payments/pay-page';

beforeAll(() => {
  delete process.env.STRIPE_JS_URL;
  delete process.env.RAZORPAY_CHECKOUT_URL;
});

describe('the pay page', () => {
  it('asks a gateway for the checkout as checkout does: upper-case currency, the shop name, our return and cancel pages', () => {
    const order = { orderNo: 'VM-2026-000321', orderId: 321, amount: 1734, currency: 'usd', email: 'ada@example.com' };
    expect(payRequest(order, 'https://shop.example', 'stripe', 'Kilowatt')).toEqual({
      orderNo: 'VM-2026-000321',
      orderId: 321,
      amount: 1734,
      currency: 'USD',
      email: 'ada@example.com',
      description: 'Kilowatt order VM-2026-000321',
      returnUrl: 'https://shop.example/payment-return/stripe/321',
      cancelUrl: 'https://shop.example/user/order/pay/321?cancelled=1',
    });
  });

  it("loads Stripe's or Razorpay's script, and none for the other gateways", () => {
    expect(browserSourcesFor('stripe')?.script).toBe('https://js.stripe.com/clover/stripe.js');
    expect(browserSourcesFor('razorpay')?.script).toBe('https://checkout.razorpay.com/v1/checkout.js');
    for (const gateway of ['paypal', 'flutterwave', 'iyzico', 'authorize-net', 'cod', ''])
      expect(browserSourcesFor(gateway), gateway).toBeUndefined();
  });
});
