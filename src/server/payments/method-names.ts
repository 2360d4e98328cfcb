import { PAYMENT_METHODS, type PaymentMethodId } from '@/server/payments/methods';

type T = (key: string) => string;

/**
 * A payment method's name as a person reads it in their language: cash on delivery and bank transfer are
 * words (checkout.methodName.*); the gateways are brand names, the same in every language.
 */
export function methodName(t: T, method: number): string {
  if (method === 2 || method === 7) return t(`checkout.methodName.${method}`);
  return PAYMENT_METHODS[method as PaymentMethodId] ?? String(method);
}
