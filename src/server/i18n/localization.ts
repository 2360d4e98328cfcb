import { BUNDLED, DEFAULT_LANGUAGE, deepMerge } from '@/i18n';
import { notFound } from '@/server/core/errors';
import { listLanguages, type LanguageInfo } from '@/server/settings';

/**
 * `GET localization?locale_code=`: every message of one active language, English filling the keys it
 * lacks, so a client that loads a language from the server always has a text for every key.
 */
export async function getLocalization(code: string): Promise<{ language: LanguageInfo; messages: Record<string, unknown> }> {
  const language = (await listLanguages()).find((l) => l.code === code.trim().toLowerCase());
  if (!language) throw notFound('language');
  return { language, messages: deepMerge(BUNDLED[DEFAULT_LANGUAGE] ?? {}, BUNDLED[language.code] ?? {}) };
}
