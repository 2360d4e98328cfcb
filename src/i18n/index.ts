import i18next, { type TFunction } from 'i18next';
/**
 * Languages whose messages ship with the app (the spec's "predefined"). Each area keeps its own
 * file under locales/{code}/; keys are merged into one namespace (`cart.productAdded` stays as named).
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
export const BUNDLED: Record<string, Record<string, unknown>> = {};
for (const [file, messages] of Object.entries(files)) {
  const code = file.split('/')[2]!;
  BUNDLED[code] = deepMerge(BUNDLED[code] ?? {}, messages);
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] =
      prev && typeof prev === 'object' && v && typeof v === 'object'
        ? deepMerge(prev as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}
export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGE_COOKIE = 'currentLanguage';
export const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur']);

const instances = new Map<string, Promise<TFunction>>();

/** A translation function for one language, falling back to English for missing keys. */
export function getT(lang: string): Promise<TFunction> {
  let t = instances.get(lang);
  if (!t) {
    const instance = i18next.createInstance();
    t = instance
      .init({
        lng: lang,
        fallbackLng: DEFAULT_LANGUAGE,
        resources: Object.fromEntries(Object.entries(BUNDLED).map(([code, msgs]) => [code, { translation: msgs }])),
        interpolation: { escapeValue: false },
        returnNull: false,
      })
      .then(() => instance.t);
    instances.set(lang, t);
  }
  return t;
}

/** Picks the language: the `currentLanguage` cookie when known, then the `Language` header, else the default. */
export function pickLanguage(known: string[], cookie?: string | null, header?: string | null, fallback = DEFAULT_LANGUAGE): string {
  for (const candidate of [cookie, header]) {
    const code = candidate?.trim().toLowerCase();
    if (code && known.includes(code)) return code;
  }
  return known.includes(fallback) ? fallback : (known[0] ?? DEFAULT_LANGUAGE);
}

export function directionOf(lang: string, declared?: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  return declared ?? (RTL_LANGUAGES.has(lang.split('-')[0]!) ? 'rtl' : 'ltr');
}
