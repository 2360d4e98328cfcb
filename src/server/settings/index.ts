import { getDb } from '@/server/db/client';
import { settings as settingsTable, languages } from '@/server/db/schema';
import { SettingsSchema, type Settings } from '@/lib/schemas/settings';
import { asc, eq } from 'drizzle-orm';
import { memoFor } from '@/server/core/memo';
import { log } from '@/server/core/logger.mjs';
import { announceChange } from '@/server/core/invalidation';

/** Settings change rarely; each process keeps them a few seconds so every page need not ask. */
const settingsMemo = memoFor(5_000, loadSettings);

/** All settings with the spec's defaults (USD, $, en-US, position 1, AF/BDS) filled in. */
export function getSettings(): Promise<Settings> {
  return settingsMemo.get();
}

async function loadSettings(): Promise<Settings> {
  const rows = await getDb().select().from(settingsTable);
  const raw = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const parsed = SettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A bad stored value must not take the shop down: log it and fall back to defaults for that key.
  log.error({ issues: parsed.error.issues }, 'settings: invalid stored settings, using defaults where bad');
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return SettingsSchema.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
}

/** Writes one settings key (validated against its schema) and drops every process's cached settings. */
export async function putSetting<K extends keyof Settings>(key: K, value: Settings[K]): Promise<void> {
  const checked = SettingsSchema.shape[key].parse(value);
  await getDb()
    .insert(settingsTable)
    .values({ key, value: checked })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: checked, updatedAt: new Date() } });
  // Every process of the shop forgets its cached settings and the pages built with them.
  await announceChange('settings');
}

export function clearSettingsCache(): void {
  settingsMemo.clear();
}

export interface LanguageInfo {
  code: string;
  /** The spec's `languages[].key` (the messages' language key; the code when none is stored). */
  key?: string;
  name: string;
  predefined: boolean;
  direction: 'ltr' | 'rtl';
  isDefault: boolean;
}

/** Every request picks its language from these: kept a few seconds like settings. */
const languagesMemo = memoFor(5_000, loadLanguages);

/** Active languages, default first. */
export function listLanguages(): Promise<LanguageInfo[]> {
  return languagesMemo.get();
}

async function loadLanguages(): Promise<LanguageInfo[]> {
  const rows = await getDb().select().from(languages).where(eq(languages.status, 1)).orderBy(asc(languages.code));
  const list = rows.map(({ code, name, predefined, key, direction, isDefault }) => ({ code, key: key || code, name, predefined, direction, isDefault }));
  if (!list.length) return [{ code: 'en', key: 'en', name: 'English', predefined: true, direction: 'ltr', isDefault: true }];
  return list.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}
