import { defineAction } from '@/server/core/action';
import {
  PictureChangeSchema,
  ProductPricesSchema,
  ProductsBulkSchema,
  ProductWriteSchema,
  StockAdjustSchema,
  VariantChangeSchema,
  VariantsGenerateSchema,
  VariantsGridSchema,
  type ProductWriteInput,
} from '@/lib/schemas/product-write';
import { adjustStock, changeVariant, generateVariants, saveVariantGrid } from '@/server/catalog/stock-manage';
import { bulkProducts, changePicture, saveProduct, setProductPrices } from '@/server/catalog/manage';
import { PICTURES_BODY_LIMIT, preparePictures } from '@/server/uploads/product-pictures';
import { localPath } from '@/lib/safe-redirect';
import { explainStock } from '@/server/catalog/stock-ledger';
import { NameTranslationsSchema, ProductTranslationSchema } from '@/lib/schemas/catalog-translations';
import { saveNameTranslations, saveProductTranslation } from '@/server/catalog/translations-manage';

/** The catalogue's back-office changes, declared once (served to `/admin` and `/seller` with the caller's scope). */

export const changeProductPrices = defineAction({
  name: 'catalog.prices',
  input: ProductPricesSchema,
  auth: { can: 'update:product' },
  // Product pages, listings, search and the API cache show the new price on every process.
  invalidates: ['catalog'],
  run: setProductPrices,
  message: (r) => (r.waiting ? 'backoffice.approvals.savedWaits' : 'backoffice.products.pricesSaved'),
});

/**
 * Creates (`POST api/v1/{admin|seller}/products`) or updates (`…/products/{id}`) a product: JSON, or the editor's
 * multipart form with `images[]`. Every picture is checked and re-encoded before anything is written.
 */
export const saveProductAction = defineAction({
  name: 'catalog.save',
  input: ProductWriteSchema,
  auth: { can: 'update:product' },
  upload: { limit: PICTURES_BODY_LIMIT },
  invalidates: ['catalog'],
  run: async (input: ProductWriteInput, actor, access) => {
    const pictures = await preparePictures(input.images);
    // A new product's opening stock is the stock ledger's first row: counted, by this person.
    await explainStock(access.tx, { reason: 'counted', actorId: actor.user?.id ?? null });
    return saveProduct(input, pictures, access);
  },
  message: (r) => (r.waiting ? 'backoffice.approvals.savedWaits' : r.created ? 'backoffice.products.created' : 'backoffice.products.saved'),
  data: ({ id, slug, status }) => ({ id, slug, status }),
  // A new product's form came from `…/products/new`: the editor of the product made takes over.
  back: (r, _input, body) => {
    const from = localPath(body._from) ?? '';
    return /\/products\/new(?:[?#].*)?$/.test(from) ? from.replace(/\/products\/new(?:[?#].*)?$/, `/products/${r.id}`) : from || '/';
  },
});

/** A picture of a product (`POST …/products/{id}/pictures {picture_id, op: main|up|down|alt|remove, alt?}`). */
export const changePictureAction = defineAction({
  name: 'catalog.picture',
  input: PictureChangeSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => changePicture(input, access),
  message: 'backoffice.products.pictureChanged',
});

/** Ticked products published, unpublished, archived or deleted (`POST …/products/bulk {ids, action}`): all or none. */
export const bulkProductsAction = defineAction({
  name: 'catalog.bulk',
  input: ProductsBulkSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => bulkProducts(input, access),
  message: (r, t) =>
    r.archived
      ? t('backoffice.products.bulkArchivedInstead', { n: r.changed, archived: r.archived })
      : t('backoffice.products.bulkDone', { n: r.changed }),
});

// Stock and variants (issue 33): every stock change is a stock-ledger row; product pages and listings show it at once.

/** Pieces received, damaged or counted (`POST …/products/{id}/stock {reason, quantity, note, inventory_id?}`). */
export const adjustStockAction = defineAction({
  name: 'catalog.stock',
  input: StockAdjustSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: adjustStock,
  message: 'stock.adjusted',
});

/** Variants generated from attributes and their values (`POST …/products/{id}/variants {attribute[], values[]}`). */
export const generateVariantsAction = defineAction({
  name: 'catalog.variants',
  input: VariantsGenerateSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: generateVariants,
  message: (r, t) => t('stock.variantsMade', { n: r.created + r.restored }),
});

/** The variant grid's SKUs, prices and stock (`POST …/products/{id}/variants/grid`). */
export const saveVariantGridAction = defineAction({
  name: 'catalog.variantGrid',
  input: VariantsGridSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: saveVariantGrid,
  message: 'stock.gridSaved',
});

/** One variant removed (archived when ordered) or put back (`POST …/products/{id}/variant {variant_id, op}`). */
export const changeVariantAction = defineAction({
  name: 'catalog.variant',
  input: VariantChangeSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: changeVariant,
  message: (r) => `stock.variant.${r.result}`,
});

// Translations of catalogue data (issue 33): product pages, listings, search and the API read them at once.

/** A product's version in one other language (`POST …/products/{id}/translations {lang, title, description, seo_title, seo_description, spec_labels}`). */
export const saveProductTranslationAction = defineAction({
  name: 'catalog.translation',
  input: ProductTranslationSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => saveProductTranslation(input, access),
  message: (r) => (r.removed ? 'catalogI18n.removed' : 'catalogI18n.saved'),
  data: (r) => r,
});

/** Names of a category, sub-category, brand or collection per language (`POST api/v1/admin/translations/{kind}/{id} {ar, fr, …}`). */
export const saveNameTranslationsAction = defineAction({
  name: 'catalog.names',
  input: NameTranslationsSchema,
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => saveNameTranslations(input, access),
  message: 'catalogI18n.namesSaved',
  data: (r) => r,
});
