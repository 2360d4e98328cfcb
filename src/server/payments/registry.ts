import type { PaymentMethodId } from '@/server/payments/methods';
import type { PaymentProvider } from '@/server/payments/provider';
import { cashOnDelivery } from '@/server/payments/cash-on-delivery';
import { bankTransfer } from '@/server/payments/bank-transfer';
import { authorizeNetProvider } from '@/server/payments/authorize-net';
import { flutterwaveProvider } from '@/server/payments/flutterwave';
import { iyzicoProvider } from '@/server/payments/iyzico';
import { paypalProvider } from '@/server/payments/paypal';
import { razorpayProvider } from '@/server/payments/razorpay';
import { stripeProvider } from '@/server/payments/stripe';
import { gatewayEnv } from '@/server/payments/stored-keys';

/**
 * Every provider that exists, one line each (one file per provider in this folder). Read when asked,
 * not when this module loads: settle → stray → registry → a provider → settle is an import cycle.
 */
// prettier-ignore
const PROVIDERS = (): PaymentProvider[] => [
  cashOnDelivery,
  bankTransfer,
  razorpayProvider,
  stripeProvider,
  paypalProvider,
  flutterwaveProvider,
  iyzicoProvider,
  authorizeNetProvider,
];

export function providerFor(method: PaymentMethodId): PaymentProvider | undefined {
  return PROVIDERS().find((provider) => provider.method === method);
}

/** The providers a shopper may choose now. */
export function configuredProviders(env: NodeJS.ProcessEnv = gatewayEnv()): PaymentProvider[] {
  return PROVIDERS().filter((provider) => provider.configured(env));
}

/** The provider whose `gateway` name is stored in `payments.gateway`. */
export function providerByGateway(gateway: string): PaymentProvider | undefined {
  return PROVIDERS().find((provider) => provider.gateway === gateway);
}
