import { settings } from '@/server/db/schema';
import type { Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import {
  GATEWAY_KEYS,
  GATEWAY_KEY_NAMES,
  gatewayEnv,
  sealedKeys,
  STORED_KEYS_ROW,
  storedKeyNames,
  type GatewayKeyName,
} from '@/server/payments/stored-keys';
import { maskSecret, sealSecret, settingsKey } from '@/server/settings/secrets';

/**
 * The payments screen's reads and writes: which gateway keys are set and where from (the environment wins over
 * the stored ones), each shown masked; stored keys are sealed with SETTINGS_KEY before they reach the database.
 */
export interface GatewayKeyView {
  name: GatewayKeyName;
  source: 'env' | 'stored' | 'none';
  masked: string | null;
}

export interface GatewayKeysView {
  /** Whether SETTINGS_KEY is set (without it nothing can be stored). */
  can_store: boolean;
  gateways: { gateway: string; keys: GatewayKeyView[] }[];
}

/** Every gateway's keys, masked, with where each comes from. */
export function getGatewayKeys(env: NodeJS.ProcessEnv = process.env): GatewayKeysView {
  const stored = new Set(storedKeyNames());
  const merged = gatewayEnv(env);
  return {
    can_store: settingsKey(env) !== null,
    gateways: Object.entries(GATEWAY_KEYS).map(([gateway, names]) => ({
      gateway,
      keys: names.map((name) => {
        const fromEnv = Boolean(env[name]?.trim());
        const value = merged[name]?.trim();
        return {
          name,
          source: fromEnv ? 'env' : stored.has(name) && value ? 'stored' : 'none',
          masked: value ? maskSecret(value) : null,
        };
      }),
    })),
  };
}

/** Seals and stores the keys given, forgets those in `clear`, keeps the rest; answers which names changed (never values). */
export async function saveGatewayKeys(
  tx: Tx,
  input: { keys: Record<string, string>; clear: string[] },
): Promise<{ set: string[]; cleared: string[] }> {
  const key = settingsKey();
  const names = new Set<string>(GATEWAY_KEY_NAMES);
  const set = Object.keys(input.keys).filter((n) => names.has(n));
  const cleared = input.clear.filter((n) => names.has(n) && !set.includes(n));
  if (set.length && !key) throw new AppError({ code: 'UNAVAILABLE', message: 'backoffice.payments.noSettingsKey' });
  const next = { ...(await sealedKeys(tx)) };
  for (const name of set) next[name] = sealSecret(input.keys[name]!, key!);
  for (const name of cleared) delete next[name];
  await tx
    .insert(settings)
    .values({ key: STORED_KEYS_ROW, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return { set, cleared };
}
