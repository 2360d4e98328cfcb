import { BUNDLED, DEFAULT_LANGUAGE } from '@/i18n';
import { notFound } from '@/server/core/errors';
import { listLanguages, type LanguageInfo } from '@/server/settings';

/**
 * `GET localization?locale_code=`: every message of one active language, English filling the keys it
 * lacks, so a client that loads a language from the server always has a text for every key.
 */
export async function getLocalization(code: string): Promise<{ language: LanguageInfo; messages: Record<string, unknown> }> {
  const language = (await listLanguages()).find((l) => l.code === code.trim().toLowerCase());
  if (!language) throw notFound('language');
  return { language, messages: withFallback(BUNDLED[DEFAULT_LANGUAGE] ?? {}, BUNDLED[language.code] ?? {}) };
}

function withFallback(base: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(base)) {
    const mine = own[k];
    out[k] = v && typeof v === 'object' ? withFallback(v as Record<string, unknown>, (mine ?? {}) as Record<string, unknown>) : (mine ?? v);
  }
  for (const [k, v] of Object.entries(own)) if (!(k in out)) out[k] = v;
  return out;
}
