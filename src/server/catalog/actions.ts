import { defineAction } from '@/server/core/action';
import {
  PictureChangeSchema,
  ProductPricesSchema,
  ProductsBulkSchema,
  ProductWriteSchema,
  type ProductWriteInput,
} from '@/lib/schemas/product-write';
import { bulkProducts, changePicture, saveProduct, setProductPrices } from '@/server/catalog/manage';
import { PICTURES_BODY_LIMIT, preparePictures } from '@/server/uploads/product-pictures';
import { localPath } from '@/lib/safe-redirect';

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
  run: async (input: ProductWriteInput, _actor, access) => saveProduct(input, await preparePictures(input.images), access),
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
