import { defineQuery } from '@/server/core/query';
import { ProductIdSchema, ProductsQuerySchema, StockHistorySchema } from '@/lib/schemas/product-write';
import { editorVariants, stockHistory } from '@/server/catalog/stock-manage';
import { getEditorOptions, getEditorProduct, listEditorProducts } from '@/server/catalog/manage';
import { z } from 'zod';
import { MissingTranslationsQuerySchema, TRANSLATABLE_KINDS } from '@/lib/schemas/catalog-translations';
import { getNameTranslations, getProductTranslations, listMissingTranslations } from '@/server/catalog/translations-manage';
import { recordId } from '@/lib/schemas/fields';

/**
 * The editors' reads of the catalogue: drafts and archived products too, always in the caller's scope. The
 * storefront's reads (product-detail.ts, listing.ts) stay the shoppers' (published products only).
 */
export const productsList = defineQuery({
  name: 'products.list',
  input: ProductsQuerySchema,
  auth: { can: 'read:product' },
  run: (input, _actor, scope) => listEditorProducts(input, scope),
});

/** One product for its editor (`/admin/products/{id}`, `api/v1/admin/products/{id}`); another store's is 404 to a seller. */
export const productOne = defineQuery({
  name: 'products.one',
  input: ProductIdSchema,
  auth: { can: 'read:product' },
  run: ({ id }, _actor, scope) => getEditorProduct(id, scope),
});

/** What the editor's selects offer (stores in scope, categories, brands). */
export const productOptions = defineQuery({
  name: 'products.options',
  input: z.object({}),
  auth: { can: 'read:product' },
  run: (_input, _actor, scope) => getEditorOptions(scope),
});

/** A product's stock ledger, newest first, keyset-paged (`GET …/products/{id}/stock?cursor=`). */
export const productStockHistory = defineQuery({
  name: 'products.stock',
  input: StockHistorySchema,
  auth: { can: 'read:product' },
  run: (input, _actor, scope) => stockHistory(input, scope),
});

/** A product's variants for its grid (`GET …/products/{id}/variants`), archived ones last. */
export const productVariants = defineQuery({
  name: 'products.variants',
  input: ProductIdSchema,
  auth: { can: 'read:product' },
  run: ({ id }, _actor, scope) => editorVariants(id, scope),
});

/** A product in every language of the shop, side by side (`GET …/products/{id}/translations`). */
export const productTranslationsOne = defineQuery({
  name: 'products.translations',
  input: ProductIdSchema,
  auth: { can: 'read:product' },
  run: ({ id }, _actor, scope) => getProductTranslations(id, scope),
});

/** A category's, sub-category's, brand's or collection's names per language (`GET api/v1/admin/translations/{kind}/{id}`). */
export const nameTranslationsOne = defineQuery({
  name: 'translations.names',
  input: z.object({
    kind: z.enum(TRANSLATABLE_KINDS, { error: 'Choose a category, sub-category, brand or collection' }),
    id: recordId('Record'),
  }),
  auth: { can: 'read:product' },
  run: ({ kind, id }) => getNameTranslations(kind, id),
});

/** What has no translation yet, per kind and language (`/admin/translations`, `GET api/v1/admin/translations`). */
export const missingTranslations = defineQuery({
  name: 'translations.missing',
  input: MissingTranslationsQuerySchema,
  auth: { can: 'read:product' },
  run: (input, _actor, scope) => listMissingTranslations(input, scope),
});
