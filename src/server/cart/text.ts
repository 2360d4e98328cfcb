import type { TFunction } from 'i18next';
import { registerCache } from '@/server/core/memo';

// The island fills {{placeholders}} itself: pass the templates untranslated-by-value.
const KEEP = {
  title: '{{title}}',
  name: '{{name}}',
  price: '{{price}}',
  free: '{{free}}',
  count: '{{count}}',
  interpolation: { escapeValue: false },
};
const KEYS = [
  'selectStore',
  'selectLine',
  'quantity',
  'quantityOf',
  'update',
  'delete',
  'deleteLine',
  'confirmDelete',
  'applySelection',
  'unitPrice',
  'bundle',
  'summary',
  'storeTotal',
  'items',
  'discount',
  'shipping',
  'shippingLater',
  'total',
  'goToShipping',
  'nothingSelected',
  'deleted',
  'variant',
  'store',
  'free',
  'empty',
  'emptyText',
  'startShopping',
] as const;

/** Per language: the messages are bundled, so they only change with a new build (emptied with every other cache all the same). */
const byLanguage = new Map<string, Record<string, string>>();
registerCache(byLanguage);

/** The cart island's words (its `CartText`) in `lang`: 29 lookups with interpolation options, made once per language rather than per request. */
export function cartTextOf(lang: string, t: TFunction): Record<string, string> {
  let text = byLanguage.get(lang);
  if (!text) {
    text = {
      ...Object.fromEntries(KEYS.map((k) => [k, t(`cart.${k}`, KEEP)])),
      decrease: t('product.decrease'),
      increase: t('product.increase'),
    };
    byLanguage.set(lang, text);
  }
  return text;
}
