import { PAYMENT_METHODS, type PaymentMethodId } from '@/server/payments/methods';
import { providerFor } from '@/server/payments/registry';
import { gatewayEnv } from '@/server/payments/stored-keys';

export { PAYMENT_METHODS, type PaymentMethodId };

/**
 * Gateways a shopper may choose, with public keys only. A method is enabled only when its provider
 * exists and is configured; cash on delivery and bank transfer need no keys.
 */
export function listPaymentGateways(env: NodeJS.ProcessEnv = gatewayEnv()) {
  return (Object.entries(PAYMENT_METHODS) as [string, string][]).map(([id, name]) => {
    const method = Number(id) as PaymentMethodId;
    const provider = providerFor(method);
    return {
      id: method,
      name,
      enabled: provider ? provider.configured(env) : false,
      public_key: provider?.publicKey?.(env) ?? null,
    };
  });
}
