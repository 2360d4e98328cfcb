import i18next, { type TFunction } from 'i18next';
import type { z } from 'zod';
import { BUNDLED, DEFAULT_LANGUAGE } from '@/i18n';

/**
 * Messages for the validation problems a schema did not word itself (zod's own texts such as
 * "Invalid input: expected object, received null" are never shown): one i18n key per kind of problem,
 * naming the field as a person reads it. Used by parseWith as zod's per-parse error map.
 */
const translators = new Map<string, TFunction>();

function translatorFor(lang: string): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const instance = i18next.createInstance();
    // Bundled messages only, so init finishes synchronously and a parse never waits.
    void instance.init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      resources: Object.fromEntries(Object.entries(BUNDLED).map(([code, msgs]) => [code, { translation: msgs }])),
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    t = instance.t;
    translators.set(lang, t);
  }
  return t;
}

/** `address_1` → "Address 1"; the whole body when the problem is at its root. */
function fieldLabel(path: PropertyKey[], t: TFunction): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!last) return t('validation.field.request');
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'number',
  int: 'number',
  bigint: 'number',
  boolean: 'yesNo',
  array: 'list',
  object: 'group',
  date: 'date',
};

type Issue = z.core.$ZodRawIssue;

/** A person's message for one problem zod found, in `lang`. */
export function humanMessage(issue: Issue, lang = DEFAULT_LANGUAGE): string {
  const t = translatorFor(lang);
  const path = issue.path ?? [];
  const field = fieldLabel(path, t);
  switch (issue.code) {
    case 'invalid_type':
      if (path.length === 0) return t('validation.notAnObject');
      if (issue.input === undefined) return t('validation.required', { type: field });
      return t('validation.wrongType', { field, expected: t(`validation.expected.${EXPECTED[issue.expected as string] ?? 'other'}`) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.tooLong', { field, max: issue.maximum })
        : t('validation.tooBig', { field, max: issue.maximum });
    case 'too_small':
      return issue.origin === 'string'
        ? t('validation.tooShort', { field, min: issue.minimum })
        : t('validation.tooSmall', { field, min: issue.minimum });
    case 'invalid_value':
      return t('validation.oneOf', { field, options: (issue.values as unknown[]).map(String).join(', ') });
    case 'unrecognized_keys':
      return t('validation.unknownFields', { fields: (issue.keys as string[]).join(', ') });
    default:
      return t('validation.invalid', { field });
  }
}
