import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
/**
 * Languages whose messages ship with the app (the spec's "predefined"). Each area keeps its own
 * file under locales/{code}/; keys are merged into one namespace (`cart.productAdded` stays as named).
 */
const files = localeFiles();
export const BUNDLED: Record<string, Record<string, unknown>> = {};
for (const [file, messages] of Object.entries(files)) {
  const code = file.split('/')[2]!;
  BUNDLED[code] = deepMerge(BUNDLED[code] ?? {}, messages);
}

/** The message files by path (`./locales/ar/cart.json`). */
function localeFiles(): Record<string, Record<string, unknown>> {
  try {
    // Vite (the app's build, vitest) replaces this call with the files themselves.
    return import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
  } catch {
    // Plain Node (tsx: `npm run shop`, `npm run seed`, the bench): the same files, read from disk.
    const dir = new URL('./locales/', import.meta.url);
    const out: Record<string, Record<string, unknown>> = {};
    for (const code of readdirSync(dir))
      for (const file of readdirSync(new URL(`${code}/`, dir)).filter((f) => f.endsWith('.json')))
        out[`./locales/${code}/${file}`] = JSON.parse(readFileSync(new URL(`${code}/${file}`, dir), 'utf8'));
    return out;
  }
}

/** `b` over `a`, nested objects merged key by key. */
export function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
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
/** The spec's language cookie (one year), set by the switcher. */
export const LANGUAGE_COOKIE = 'currentLanguage';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** The spec's locale cookie of the prefix-except-default URLs (365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur']);

const instances = new Map<string, Promise<TFunction>>();

/**
 * `t` with its answers to a bare key kept (issue 39): a page calls it for dozens of labels, and i18next
 * resolves each afresh (~5 µs: key split, fallback lookups, post-processing). The messages never change while the
 * process runs (bundled at build), so a bare key always gives the same text; a call with options (interpolation,
 * count, context, a default) goes to i18next as before.
 */
const KEY_MEMO_MAX = 5_000;
function keyOnlyMemo(t: TFunction): TFunction {
  const kept = new Map<string, string>();
  const memo = (key: unknown, ...rest: unknown[]) => {
    if (rest.length === 0 && typeof key === 'string') {
      let text = kept.get(key);
      if (text === undefined) {
        text = (t as (k: string) => string)(key);
        // Bounded: a sentence that is not a key (a message passed through) must not grow it without end.
        if (kept.size >= KEY_MEMO_MAX) kept.clear();
        kept.set(key, text);
      }
      return text;
    }
    return (t as unknown as (...args: unknown[]) => string)(key, ...rest);
  };
  return memo as unknown as TFunction;
}

/** A translation function for one language, falling back to English for missing keys. */
export function getT(lang: string): Promise<TFunction> {
  let t = instances.get(lang);
  if (!t) {
    // A language the operator added without messages: only logged, and every text falls back to English.
    if (!BUNDLED[lang]) console.warn(`[i18n] no messages for language "${lang}"; English is used`);
    const instance = i18next.createInstance();
    t = instance
      .init({
        lng: lang,
        fallbackLng: DEFAULT_LANGUAGE,
        resources: Object.fromEntries(Object.entries(BUNDLED).map(([code, msgs]) => [code, { translation: msgs }])),
        interpolation: { escapeValue: false },
        returnNull: false,
        // Keys never name a namespace, so a plain sentence with a colon passes through `t` unchanged.
        nsSeparator: false,
      })
      .then(() => keyOnlyMemo(instance.t));
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

/** A message key (`errors.signIn`), as opposed to a sentence. */
export const isMessageKey = (text: string) => /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(text);

/** `t` of a request (i18next's TFunction) or any function of the same use. */
export type Translate = TFunction | ((key: string, vars?: Record<string, unknown>) => string);
const call = (t: Translate, key: string, vars: Record<string, unknown>) =>
  (t as (k: string, v: Record<string, unknown>) => string)(key, vars);

/** Every English sentence → its key, so a sentence written in code (a schema's, an error's) finds its translation by its English text. */
const keyOfEnglish = new Map<string, string>();
/** English sentences with placeholders, as patterns (`{{type}} is required` → /^(.+) is required$/), most specific first. */
const patterns: { key: string; re: RegExp; names: string[]; literal: number }[] = [];
(function index(node: Record<string, unknown>, prefix: string) {
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') index(v as Record<string, unknown>, key);
    if (typeof v !== 'string') continue;
    if (!v.includes('{{')) {
      // Field names inside validation messages are worded for that use ("Le code postal"), so they win.
      if (!keyOfEnglish.has(v) || key.startsWith('validation.label.')) keyOfEnglish.set(v, key);
      continue;
    }
    const names: string[] = [];
    const parts = v.split(/\{\{\s*(\w+)\s*\}\}/);
    const source = parts.map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
    const literal = parts.filter((_, i) => i % 2 === 0).join('').length;
    // A pattern of (almost) only placeholders would match any sentence.
    if (literal >= 8)
      patterns.push({ key: key.replace(/_(zero|one|two|few|many|other)$/, ''), re: new RegExp(`^${source}$`, 's'), names, literal });
  }
})(BUNDLED[DEFAULT_LANGUAGE] ?? {}, '');
patterns.sort((a, b) => b.literal - a.literal);

/** The key of a message and its values: the key itself, an English sentence's key, or a pattern's key with the values it held. */
export function keyOf(text: string): { key: string; vars?: Record<string, unknown> } | null {
  if (isMessageKey(text)) return { key: text };
  const exact = keyOfEnglish.get(text);
  if (exact) return { key: exact };
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (!m) continue;
    const vars = Object.fromEntries(
      p.names.map((name, i) => [name, name === 'count' && /^\d+$/.test(m[i + 1]!) ? Number(m[i + 1]) : m[i + 1]]),
    );
    return { key: p.key, vars };
  }
  return null;
}

/**
 * Translates a message for a person: a key, or an English sentence that has a key (its values, such
 * as a field's name, translate too). Anything else (already translated, or a name) passes through.
 */
export function translateMessage(t: Translate, text: string, vars?: Record<string, unknown>): string {
  const found = keyOf(text);
  if (!found) return text;
  const all = { ...found.vars, ...vars };
  const entries = Object.entries(all);
  // A bare key goes to `t` alone, which keeps its answer (keyOnlyMemo).
  if (!entries.length) return (t as (k: string) => string)(found.key);
  const tr = Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? translateMessage(t, v) : v]));
  return call(t, found.key, tr);
}

/** The English text of a key, synchronously from the bundled messages (for logs and `err.message`); plural keys by `count`. */
export function englishOf(text: string, vars?: Record<string, unknown>): string {
  if (!isMessageKey(text)) return text;
  const lookup = (key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
        BUNDLED[DEFAULT_LANGUAGE],
      );
  const count = vars?.count;
  const found = lookup(text) ?? (typeof count === 'number' ? lookup(`${text}_${count === 1 ? 'one' : 'other'}`) : undefined);
  if (typeof found !== 'string') return text;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (vars && name in vars ? englishOf(String(vars[name])) : whole));
}
