import { z } from 'zod';
import { isSafeText, recordId, unsafeTextMessage } from '@/lib/schemas/fields';

/** A translation's text field: trimmed, bounded, no control characters; empty means "use the default language's". */
const text = (type: string, max: number, multiline = false) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: `${type} must be text` })
      .trim()
      .max(max, `${type} must be at most ${max} characters`)
      .refine((v) => isSafeText(v, multiline), unsafeTextMessage(type)),
  );

const many = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

/** A language code of the shop (checked against the shop's languages by the service). */
const lang = z
  .string({ error: 'Choose a language' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'Choose a language');

/**
 * A product's version in one language other than the default (`POST api/v1/{admin|seller}/products/{id}/translations`):
 * title, description (HTML, sanitized on saving), SEO title and description, and specification labels — a JSON
 * client sends `spec_labels: {"Capacity": "السعة"}`, the editor's plain form pairs of `spec_from` / `spec_to`.
 * Every field may be empty: the storefront then shows the default language's.
 */
export const ProductTranslationSchema = z
  .object({
    id: recordId('Product'),
    lang,
    title: text('Title', 300),
    description: text('Description', 100_000, true),
    seo_title: text('SEO title', 200),
    seo_description: text('SEO description', 500),
    spec_labels: z.record(z.string().max(200, 'Specification must be at most 200 characters'), text('Specification', 200)).optional(),
    spec_from: z.preprocess(many, z.array(text('Specification', 200)).max(100, 'Give at most 100 specifications')),
    spec_to: z.preprocess(many, z.array(text('Specification', 200)).max(100, 'Give at most 100 specifications')),
  })
  .transform(({ spec_from, spec_to, spec_labels, ...rest }) => {
    const labels: Record<string, string> = {};
    for (const [from, to] of Object.entries(spec_labels ?? {})) if (from.trim() && to) labels[from.trim()] = to;
    spec_from.forEach((from, i) => {
      if (from && spec_to[i]) labels[from] = spec_to[i]!;
    });
    return { ...rest, spec_labels: labels };
  });
export type ProductTranslationInput = z.output<typeof ProductTranslationSchema>;

export const TRANSLATABLE_KINDS = ['category', 'sub_category', 'brand', 'collection'] as const;

/**
 * A category's, sub-category's, brand's or collection's names (`POST api/v1/admin/translations/{kind}/{id}`): one
 * field per language, named by its code (`ar`, `fr`); an empty one removes that language's name (the default
 * language's shows).
 */
export const NameTranslationsSchema = z
  .object({
    kind: z.enum(TRANSLATABLE_KINDS, { error: 'Choose a category, sub-category, brand or collection' }),
    id: recordId('Record'),
  })
  .catchall(z.unknown());
export type NameTranslationsInput = z.output<typeof NameTranslationsSchema>;

/** One name in one language: at most 200 characters, no control characters. */
export const TranslatedNameSchema = text('Name', 200);

/** `/admin/translations` and `GET api/v1/admin/translations?kind=&lang=`: what is missing, per kind and language. */
export const MissingTranslationsQuerySchema = z.object({
  kind: z
    .enum(['', 'product', ...TRANSLATABLE_KINDS], { error: 'Choose products, categories, sub-categories, brands or collections' })
    .optional()
    .default(''),
  lang: z.string().trim().toLowerCase().max(12, 'Choose a language').optional().default(''),
  cursor: z.string().max(200).optional().default(''),
});
export type MissingTranslationsQuery = z.output<typeof MissingTranslationsQuerySchema>;
