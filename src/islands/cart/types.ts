import type { PriceFormat } from '@/lib/price';

/** Translated words the cart island shows (the page passes them; the island ships no dictionary). */
export type CartText = Record<
  | 'selectStore'
  | 'selectLine'
  | 'quantity'
  | 'quantityOf'
  | 'update'
  | 'delete'
  | 'deleteLine'
  | 'confirmDelete'
  | 'applySelection'
  | 'unitPrice'
  | 'bundle'
  | 'summary'
  | 'storeTotal'
  | 'items'
  | 'discount'
  | 'shipping'
  | 'shippingLater'
  | 'total'
  | 'goToShipping'
  | 'nothingSelected'
  | 'deleted'
  | 'variant'
  | 'store'
  | 'free'
  | 'empty'
  | 'emptyText'
  | 'startShopping'
  | 'decrease'
  | 'increase',
  string
>;

export interface CartIslandProps {
  fmt: PriceFormat;
  text: CartText;
  /** The page's own path, for the plain forms' `_from`. */
  from: string;
  defaultImage: string;
}

/** `{{name}}` placeholders filled in (the page passes i18next templates). */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k] ?? ''));
