/** The spec's payment methods (section 3); 8 is the host-configured one. */
export const PAYMENT_METHODS = {
  1: 'Razorpay',
  2: 'Cash on delivery',
  3: 'Stripe',
  4: 'PayPal',
  5: 'Flutterwave',
  6: 'Iyzico',
  7: 'Bank transfer',
  /** The host-configured card gateway: Authorize.Net (payments/authorize-net.ts). */
  8: 'Authorize.Net',
} as const;

export type PaymentMethodId = keyof typeof PAYMENT_METHODS;
