import { eq } from 'drizzle-orm';
import { getDatabase, getDb, type Db, type Tx } from '@/server/db/client';
import { settings } from '@/server/db/schema';
import { registerCache } from '@/server/core/memo';
import { log } from '@/server/core/logger.mjs';
import { openSecret, settingsKey } from '@/server/settings/secrets';

/**
 * Payment gateways' keys entered in the back office (`/admin/payments`), kept sealed in the `gateway_keys`
 * settings row (settings/secrets.ts). The gateways read their keys from `gatewayEnv()`: the environment's value
 * wins; a stored key fills only a variable the environment leaves empty. The opened keys live in this
 * process's memory only, never in a page or an API answer.
 */
export const GATEWAY_KEYS = {
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  flutterwave: ['FLUTTERWAVE_PUBLIC_KEY', 'FLUTTERWAVE_SECRET_KEY', 'FLUTTERWAVE_SECRET_HASH'],
  iyzico: ['IYZICO_API_KEY', 'IYZICO_SECRET_KEY'],
  authorize_net: ['AUTHORIZE_NET_API_LOGIN_ID', 'AUTHORIZE_NET_TRANSACTION_KEY'],
} as const;
export type GatewayKeyName = (typeof GATEWAY_KEYS)[keyof typeof GATEWAY_KEYS][number];
export const GATEWAY_KEY_NAMES = Object.values(GATEWAY_KEYS).flat() as GatewayKeyName[];

export const STORED_KEYS_ROW = 'gateway_keys';

let opened: Partial<Record<GatewayKeyName, string>> = {};

/** The sealed values as stored (`{NAME: sealed}`), read with `db` (a transaction passes its own). */
export async function sealedKeys(db: Tx | Db = getDb()): Promise<Record<string, string>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STORED_KEYS_ROW));
  const value = row?.value;
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

/** Opens the stored keys into this process's memory (at boot, after a change here or on another process). */
export async function loadStoredGatewayKeys(db?: Db): Promise<void> {
  const key = settingsKey();
  const sealed = await sealedKeys(db);
  const next: Partial<Record<GatewayKeyName, string>> = {};
  for (const name of GATEWAY_KEY_NAMES) {
    if (!sealed[name]) continue;
    const plain = key ? openSecret(sealed[name], key) : null;
    if (plain === null) log.warn({ name }, 'payments: a stored gateway key cannot be opened with SETTINGS_KEY; set it again');
    else next[name] = plain;
  }
  opened = next;
}

/** The environment the gateways read: process.env, with stored keys filling only the variables it leaves empty. */
export function gatewayEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const filled: Record<string, string> = {};
  for (const [name, value] of Object.entries(opened)) if (!env[name]?.trim() && value) filled[name] = value;
  return Object.keys(filled).length ? { ...env, ...filled } : env;
}

/** Which keys are opened from the database (the screen says where each comes from). */
export const storedKeyNames = () => Object.keys(opened) as GatewayKeyName[];

// A change announced by any process (settings) reopens the stored keys here.
registerCache({
  clear() {
    if (!getDatabase()) return;
    loadStoredGatewayKeys().catch((err: unknown) => log.error({ err }, 'payments: could not reload the stored gateway keys'));
  },
});
