import type { BankAccount, Settings } from '@/lib/schemas/settings';
import { getSettings } from '@/server/settings/index';
import { configuredProviders } from '@/server/payments/registry';
import type { PaymentProvider } from '@/server/payments/provider';
import { gatewayEnv } from '@/server/payments/stored-keys';

/** The shop's bank account, or null while the operator has not set a bank and an account number or IBAN. */
export function shopBankAccount(settings: Pick<Settings, 'bank_account'>): BankAccount | null {
  const a = settings.bank_account;
  return a.bank_name && (a.account_number || a.iban) ? a : null;
}

/**
 * The methods a shopper may choose now: the configured providers the operator has not switched off (settings
 * `payment_methods.off`, the payments screen), and bank transfer only when the shop's account is set (a transfer to
 * an account nobody can see is a dead end). Checkout, the retry page and order/action all ask this.
 */
export async function offeredProviders(env: NodeJS.ProcessEnv = gatewayEnv()): Promise<PaymentProvider[]> {
  const settings = await getSettings();
  const account = shopBankAccount(settings);
  const off = new Set(settings.payment_methods.off);
  return configuredProviders(env).filter((p) => !off.has(p.method) && (p.method !== 7 || account !== null));
}
