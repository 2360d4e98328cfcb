import type { PaymentProvider } from '@/server/payments/provider';

/** Cash on delivery (method 2): nothing to collect now; the order stays unpaid until it is delivered. */
export const cashOnDelivery: PaymentProvider = {
  method: 2,
  gateway: 'cod',
  configured: () => true,
  start: () => Promise.resolve({ kind: 'offline' }),
};
