import { getDb } from '../db/client';
import { settings as settingsTable, languages } from '../db/schema';
import { SettingsSchema, type Settings } from '../../lib/schemas/settings';
import { asc, eq } from 'drizzle-orm';

/** Settings change rarely; each process keeps them a few seconds so every page need not ask. */
const TTL_MS = 5_000;
let cache: { at: number; value: Promise<Settings> } | undefined;

/** All settings with the spec's defaults (USD, $, en-US, position 1, AF/BDS) filled in. */
export function getSettings(): Promise<Settings> {
  const now = Date.now();
  if (cache && now - cache.at < TTL_MS) return cache.value;
  const value = loadSettings().catch((err) => {
    cache = undefined;
    throw err;
  });
  cache = { at: now, value };
  return value;
}

async function loadSettings(): Promise<Settings> {
  const rows = await getDb().select().from(settingsTable);
  const raw = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const parsed = SettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A bad stored value must not take the shop down: log it and fall back to defaults for that key.
  console.error('[settings] invalid stored settings, using defaults where bad', parsed.error.issues);
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return SettingsSchema.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
}

/** Writes one settings key (validated against its schema) and drops this process's cache. */
export async function putSetting<K extends keyof Settings>(key: K, value: Settings[K]): Promise<void> {
  const checked = SettingsSchema.shape[key].parse(value);
  await getDb()
    .insert(settingsTable)
    .values({ key, value: checked })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: checked, updatedAt: new Date() } });
  cache = undefined;
}

export function clearSettingsCache(): void {
  cache = undefined;
}

export interface LanguageInfo {
  code: string;
  name: string;
  predefined: boolean;
  direction: 'ltr' | 'rtl';
  isDefault: boolean;
}

/** Active languages, default first. */
export async function listLanguages(): Promise<LanguageInfo[]> {
  const rows = await getDb().select().from(languages).where(eq(languages.status, 1)).orderBy(asc(languages.code));
  const list = rows.map(({ code, name, predefined, direction, isDefault }) => ({ code, name, predefined, direction, isDefault }));
  if (!list.length) return [{ code: 'en', name: 'English', predefined: true, direction: 'ltr', isDefault: true }];
  return list.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}
