/** The spec's payment methods (section 3) and which are offered in this shop. */
export const PAYMENT_METHODS = {
  1: 'Razorpay',
  2: 'Cash on delivery',
  3: 'Stripe',
  4: 'PayPal',
  5: 'Flutterwave',
  6: 'Iyzico',
  7: 'Bank transfer',
} as const;

export type PaymentMethodId = keyof typeof PAYMENT_METHODS;

/**
 * Gateways a shopper may choose, with public keys only. A card gateway is offered only when its
 * keys are configured; cash on delivery and bank transfer need none.
 */
export function listPaymentGateways(env: NodeJS.ProcessEnv = process.env) {
  const configured = (id: PaymentMethodId): boolean => {
    if (id === 2 || id === 7) return true;
    if (id === 3) return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);
    if (id === 1) return Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
    return false;
  };
  return (Object.entries(PAYMENT_METHODS) as [string, string][]).map(([id, name]) => {
    const method = Number(id) as PaymentMethodId;
    return {
      id: method,
      name,
      enabled: configured(method),
      public_key: method === 3 ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : method === 1 ? (env.RAZORPAY_KEY_ID ?? null) : null,
    };
  });
}
