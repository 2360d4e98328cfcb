import type { Tx } from '@/server/db/client';
import { getSettings } from '@/server/settings/index';
import { SettingsSchema } from '@/lib/schemas/settings';
import { PAYMENT_METHODS } from '@/server/payments/methods';
import { configuredProviders } from '@/server/payments/registry';
import { gatewayEnv } from '@/server/payments/stored-keys';
import { storedIn, writeIn } from '@/server/settings/stored';
import type { PaymentMethodsInput } from '@/lib/schemas/content-admin2';

/**
 * The payment methods offered at checkout, switched on and off on the payments screen. A method is offered when
 * its gateway is configured (keys in the environment or stored) and the operator has not switched it off; the
 * switch alone never offers a gateway without keys.
 */
export interface PaymentMethodView {
  method: number;
  on: boolean;
  /** Whether its keys are set (or it needs none: cash on delivery, bank transfer). */
  configured: boolean;
}

export const ALL_METHODS = Object.keys(PAYMENT_METHODS).map(Number);

export async function getPaymentMethods(env: NodeJS.ProcessEnv = gatewayEnv()): Promise<{ items: PaymentMethodView[] }> {
  const off = new Set((await getSettings()).payment_methods.off);
  const configured = new Set<number>(configuredProviders(env).map((p) => p.method));
  return { items: ALL_METHODS.map((method) => ({ method, on: !off.has(method), configured: configured.has(method) })) };
}

/** Switches off every method not ticked, in the caller's transaction; answers before and after (the methods off). */
export async function savePaymentMethods(tx: Tx, input: PaymentMethodsInput): Promise<{ before: { off: number[] }; after: { off: number[] } }> {
  const before = SettingsSchema.shape.payment_methods.parse((await storedIn(tx, 'payment_methods')) ?? {});
  const after = { off: ALL_METHODS.filter((m) => !input.offered.includes(m)) };
  await writeIn(tx, 'payment_methods', after);
  return { before, after };
}
