import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { updatedAt } from '@/server/db/schema/common';
import { products } from '@/server/db/schema/catalog';

/**
 * Catalogue data in another language than the shop's default (issue 33, decision 0033). The product's own row
 * holds the default language; a row here holds one other language's version, and an empty field (or no row)
 * falls back to the default language's. Keyed by (product, language): the storefront reads a language with
 * one primary-key lookup per product, inside the query that reads the products.
 */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull().default(''),
    /** Sanitized HTML (the shop's one sanitize-html policy). */
    description: text('description').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /**
     * Specification labels: the default language's label → this language's ("Capacity" → "السعة"). Keyed by the
     * label, not the spec row, so a product whose specifications are written again keeps its translations.
     */
    specLabels: jsonb('spec_labels').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lang] }), index('product_translations_lang_idx').on(t.lang)],
);

/** What a catalog_translations row names. */
export const TRANSLATED_KINDS = ['category', 'sub_category', 'brand', 'collection'] as const;
export type TranslatedKind = (typeof TRANSLATED_KINDS)[number];

/**
 * The name of a category, sub-category, brand or collection in one language. Rows go with their entity (delete
 * triggers, migration 0025); a missing row falls back to the default language's name.
 */
export const catalogTranslations = pgTable(
  'catalog_translations',
  {
    kind: text('kind', { enum: TRANSLATED_KINDS }).notNull(),
    refId: integer('ref_id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId, t.lang] }),
    check('catalog_translations_kind_ck', sql`${t.kind} in ('category', 'sub_category', 'brand', 'collection')`),
  ],
);
