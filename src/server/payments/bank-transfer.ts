import type { PaymentProvider } from '@/server/payments/provider';

/**
 * Bank transfer (method 7): the shopper sends the money and gives the spec's fields with the order
 * (transaction id, bank name, account holder name, account number, branch name; kept in
 * `payments.details`). The order stays unpaid until the shop confirms the money arrived.
 */
export const bankTransfer: PaymentProvider = {
  method: 7,
  gateway: 'bank',
  configured: () => true,
  start: () => Promise.resolve({ kind: 'offline' }),
};
