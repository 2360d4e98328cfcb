import { z } from 'zod';
import { defineAction, type Access } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { runAfterAnswer } from '@/server/core/background';
import { removePictures, PICTURE_MAX_BYTES } from '@/server/uploads/product-pictures';
import { storeUploadedPicture } from '@/server/taxonomy/shared';
import {
  BrandWriteSchema,
  BundleDealWriteSchema,
  CategoryWriteSchema,
  CollectionWriteSchema,
  DeleteTaxonSchema,
  FlashSaleProductSchema,
  FlashSaleWriteSchema,
  MemberSchema,
  MoveSchema,
  PickQuerySchema,
  TaxonomyIdSchema,
} from '@/lib/schemas/taxonomy';
import { deleteTaxon, getTaxon, listCategoryAdminTree, moveTaxon, saveTaxon, type Kind } from '@/server/taxonomy/categories';
import { deleteBrand, getBrand, listAllBrands, saveBrand } from '@/server/taxonomy/brands';
import { changeCollectionMember, deleteCollection, getCollection, listAllCollections, saveCollection } from '@/server/taxonomy/collections';
import {
  changeFlashSaleProduct,
  deleteFlashSale,
  getFlashSaleForEditor,
  listAllFlashSales,
  saveFlashSale,
} from '@/server/taxonomy/flash-sales';
import {
  changeBundleDealProduct,
  deleteBundleDeal,
  getBundleDeal,
  listAllBundleDeals,
  saveBundleDeal,
} from '@/server/taxonomy/bundle-deals';
import { getBundleDeal as bundleDealOf } from '@/server/taxonomy/bundle-deals';
import { listStoreChoices, searchProductsToPick } from '@/server/taxonomy/pick';

/**
 * Taxonomy and merchandising in the back office (issue 33): `/admin/categories`, `/admin/brands`,
 * `/admin/collections`, `/admin/flash-sales`, `/admin/bundle-deals` and their `api/v1/admin/…` twins. The whole
 * shop's, so `update:catalog` (the operator's). Every change is audited and empties the catalogue's caches on every
 * process (menus, listings, the home page, product pages, the API).
 */
const can = { can: 'update:catalog' } as const;
const invalidates = ['catalog'] as const;
const upload = { limit: PICTURE_MAX_BYTES + 256 * 1024 };
const NoInput = z.object({});

/** Stores the form's picture, runs the save, and removes the new picture again if the save failed. */
async function withPicture<R extends { replaced: string | null }>(image: unknown, save: (url: string | null) => Promise<R>): Promise<R> {
  const picture = await storeUploadedPicture(image);
  try {
    const result = await save(picture.url);
    if (result.replaced) {
      const old = result.replaced;
      runAfterAnswer('remove replaced taxonomy picture', () => removePictures([old]));
    }
    return result;
  } catch (err) {
    await picture.undo();
    throw err;
  }
}

// Categories and sub-categories -------------------------------------------------------------------------------

export const categoriesList = defineQuery({ name: 'categories.list', input: NoInput, auth: can, run: () => listCategoryAdminTree() });
export const categoryOne = defineQuery({
  name: 'categories.one',
  input: TaxonomyIdSchema,
  auth: can,
  run: ({ id }) => getTaxon('category', id),
});
export const subCategoryOne = defineQuery({
  name: 'categories.subOne',
  input: TaxonomyIdSchema,
  auth: can,
  run: ({ id }) => getTaxon('sub_category', id),
});

const saveTaxonAction = (kind: Kind) =>
  defineAction({
    name: kind === 'category' ? 'categories.save' : 'categories.saveSub',
    input: CategoryWriteSchema,
    auth: can,
    upload,
    invalidates,
    run: async (input, _actor, { tx, audit }: Access) => {
      const { before, after } = await withPicture(input.image, (url) => saveTaxon(tx, kind, input, url));
      audit({ entity: kind, entityId: after.id, before, after });
      return after;
    },
    message: 'backoffice.taxonomy.categories.saved',
    back: (c) => (c.parent_id ? `/admin/categories/sub/${c.id}` : `/admin/categories/${c.id}`),
  });
/** Creates (`POST api/v1/admin/categories`) or updates (`…/categories/{id}`) a category; multipart with its `image`. */
export const saveCategoryAction = saveTaxonAction('category');
/** Creates (`POST api/v1/admin/categories/sub` with `parent_id`) or updates (`…/categories/sub/{id}`) a sub-category. */
export const saveSubCategoryAction = saveTaxonAction('sub_category');

const moveTaxonAction = (kind: Kind) =>
  defineAction({
    name: kind === 'category' ? 'categories.move' : 'categories.moveSub',
    input: MoveSchema,
    auth: can,
    invalidates,
    run: async (input, _actor, { tx, audit }: Access) => {
      const { before, after } = await moveTaxon(tx, kind, input);
      audit({ entity: kind, entityId: input.id, before: { order: before.map((r) => r.id) }, after: { order: after.map((r) => r.id) } });
      return { id: input.id, order: after.map((r) => r.id) };
    },
    message: 'backoffice.taxonomy.categories.moved',
    back: '/admin/categories',
  });
/** Moves a category one place (`POST api/v1/admin/categories/{id}/move {dir: 'up'|'down'}`). */
export const moveCategoryAction = moveTaxonAction('category');
/** Moves a sub-category one place among its category's (`POST api/v1/admin/categories/sub/{id}/move`). */
export const moveSubCategoryAction = moveTaxonAction('sub_category');

const deleteTaxonAction = (kind: Kind) =>
  defineAction({
    name: kind === 'category' ? 'categories.delete' : 'categories.deleteSub',
    input: DeleteTaxonSchema,
    auth: can,
    invalidates,
    run: async (input, _actor, { tx, audit }: Access) => {
      const before = await deleteTaxon(tx, kind, input);
      audit({ entity: kind, entityId: input.id, before, after: input.move_to ? { products_moved_to: input.move_to } : null });
      if (before.image) {
        const image = before.image;
        runAfterAnswer('remove category picture', () => removePictures([image]));
      }
      return before;
    },
    message: 'backoffice.taxonomy.categories.deleted',
    data: (c) => ({ id: c.id }),
    back: '/admin/categories',
  });
/** Deletes a category (`POST api/v1/admin/categories/{id}/delete {move_to?}`). */
export const deleteCategoryAction = deleteTaxonAction('category');
/** Deletes a sub-category (`POST api/v1/admin/categories/sub/{id}/delete`); its products stay in the category. */
export const deleteSubCategoryAction = deleteTaxonAction('sub_category');

// Brands ------------------------------------------------------------------------------------------------------

export const brandsList = defineQuery({ name: 'brands.list', input: NoInput, auth: can, run: () => listAllBrands() });
export const brandOne = defineQuery({ name: 'brands.one', input: TaxonomyIdSchema, auth: can, run: ({ id }) => getBrand(id) });

/** Creates (`POST api/v1/admin/brands`) or updates (`…/brands/{id}`) a brand; multipart with its logo `image`. */
export const saveBrandAction = defineAction({
  name: 'brands.save',
  input: BrandWriteSchema,
  auth: can,
  upload,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await withPicture(input.image, (url) => saveBrand(tx, input, url));
    audit({ entity: 'brand', entityId: after.id, before, after });
    return after;
  },
  message: 'backoffice.taxonomy.brands.saved',
  back: (b) => `/admin/brands/${b.id}`,
});

/** Deletes a brand (`POST api/v1/admin/brands/{id}/delete {move_to?}`). */
export const deleteBrandAction = defineAction({
  name: 'brands.delete',
  input: DeleteTaxonSchema,
  auth: can,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const before = await deleteBrand(tx, input);
    audit({ entity: 'brand', entityId: input.id, before, after: input.move_to ? { products_moved_to: input.move_to } : null });
    if (before.image) {
      const image = before.image;
      runAfterAnswer('remove brand logo', () => removePictures([image]));
    }
    return before;
  },
  message: 'backoffice.taxonomy.brands.deleted',
  data: (b) => ({ id: b.id }),
  back: '/admin/brands',
});

// Collections -------------------------------------------------------------------------------------------------

export const collectionsList = defineQuery({ name: 'collections.list', input: NoInput, auth: can, run: () => listAllCollections() });
export const collectionOne = defineQuery({
  name: 'collections.one',
  input: TaxonomyIdSchema,
  auth: can,
  run: ({ id }) => getCollection(id),
});

/** Creates (`POST api/v1/admin/collections`) or updates (`…/collections/{id}`) a collection. */
export const saveCollectionAction = defineAction({
  name: 'collections.save',
  input: CollectionWriteSchema,
  auth: can,
  upload,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await withPicture(input.image, (url) => saveCollection(tx, input, url));
    audit({ entity: 'collection', entityId: after.id, before, after });
    return after;
  },
  message: 'backoffice.taxonomy.collections.saved',
  back: (c) => `/admin/collections/${c.id}`,
});

/** Adds a product to a collection or takes it out (`POST api/v1/admin/collections/{id}/products {product_id, op}`). */
export const collectionProductAction = defineAction({
  name: 'collections.products',
  input: MemberSchema,
  auth: can,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const { before, after, collection } = await changeCollectionMember(tx, input);
    audit({ entity: 'collection', entityId: input.id, before: { products: before }, after: { products: after } });
    return collection;
  },
  message: 'backoffice.taxonomy.collections.productsSaved',
  back: (c) => `/admin/collections/${c.id}`,
});

/** Deletes a collection (`POST api/v1/admin/collections/{id}/delete`). */
export const deleteCollectionAction = defineAction({
  name: 'collections.delete',
  input: TaxonomyIdSchema,
  auth: can,
  invalidates,
  run: async ({ id }, _actor, { tx, audit }) => {
    const before = await deleteCollection(tx, id);
    audit({ entity: 'collection', entityId: id, before, after: null });
    return before;
  },
  message: 'backoffice.taxonomy.collections.deleted',
  data: (c) => ({ id: c.id }),
  back: '/admin/collections',
});

// Flash sales -------------------------------------------------------------------------------------------------

export const flashSalesList = defineQuery({ name: 'flashSales.list', input: NoInput, auth: can, run: () => listAllFlashSales() });
export const flashSaleOne = defineQuery({
  name: 'flashSales.one',
  input: TaxonomyIdSchema,
  auth: can,
  run: ({ id }) => getFlashSaleForEditor(id),
});

/** Creates (`POST api/v1/admin/flash-sales`) or updates (`…/flash-sales/{id}`) a flash sale: name, start and end. */
export const saveFlashSaleAction = defineAction({
  name: 'flashSales.save',
  input: FlashSaleWriteSchema,
  auth: can,
  upload,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await withPicture(input.image, (url) => saveFlashSale(tx, input, url));
    audit({ entity: 'flash_sale', entityId: after.id, before, after });
    return after;
  },
  message: 'backoffice.taxonomy.flashSales.saved',
  back: (f) => `/admin/flash-sales/${f.id}`,
});

/** Puts a product in a flash sale at a price, or takes it out (`POST api/v1/admin/flash-sales/{id}/products {product_id, price, op}`). */
export const flashSaleProductAction = defineAction({
  name: 'flashSales.products',
  input: FlashSaleProductSchema,
  auth: can,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await changeFlashSaleProduct(tx, input);
    const prices = (items: typeof before) => items.map((p) => ({ product_id: p.id, price: p.sale_price }));
    audit({ entity: 'flash_sale', entityId: input.id, before: { products: prices(before) }, after: { products: prices(after.items) } });
    return after;
  },
  message: 'backoffice.taxonomy.flashSales.productsSaved',
  back: (f) => `/admin/flash-sales/${f.id}`,
});

/** Deletes a flash sale (`POST api/v1/admin/flash-sales/{id}/delete`). */
export const deleteFlashSaleAction = defineAction({
  name: 'flashSales.delete',
  input: TaxonomyIdSchema,
  auth: can,
  invalidates,
  run: async ({ id }, _actor, { tx, audit }) => {
    const before = await deleteFlashSale(tx, id);
    audit({ entity: 'flash_sale', entityId: id, before, after: null });
    return before;
  },
  message: 'backoffice.taxonomy.flashSales.deleted',
  data: (f) => ({ id: f.id }),
  back: '/admin/flash-sales',
});

// Bundle deals ------------------------------------------------------------------------------------------------

export const bundleDealsList = defineQuery({ name: 'bundleDeals.list', input: NoInput, auth: can, run: () => listAllBundleDeals() });
export const bundleDealOne = defineQuery({
  name: 'bundleDeals.one',
  input: TaxonomyIdSchema,
  auth: can,
  run: ({ id }) => getBundleDeal(id),
});

/** Creates (`POST api/v1/admin/bundle-deals`) or updates (`…/bundle-deals/{id}`) a bundle deal. */
export const saveBundleDealAction = defineAction({
  name: 'bundleDeals.save',
  input: BundleDealWriteSchema,
  auth: can,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await saveBundleDeal(tx, input);
    audit({ entity: 'bundle_deal', entityId: after.id, before, after });
    return after;
  },
  message: 'backoffice.taxonomy.bundleDeals.saved',
  back: (d) => `/admin/bundle-deals/${d.id}`,
});

/** Offers the deal on a product or takes it off (`POST api/v1/admin/bundle-deals/{id}/products {product_id, op}`). */
export const bundleDealProductAction = defineAction({
  name: 'bundleDeals.products',
  input: MemberSchema,
  auth: can,
  invalidates,
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await changeBundleDealProduct(tx, input);
    audit({ entity: 'bundle_deal', entityId: input.id, before: { products: before }, after: { products: after.items.map((p) => p.id) } });
    return after;
  },
  message: 'backoffice.taxonomy.bundleDeals.productsSaved',
  back: (d) => `/admin/bundle-deals/${d.id}`,
});

/** Deletes a bundle deal (`POST api/v1/admin/bundle-deals/{id}/delete`). */
export const deleteBundleDealAction = defineAction({
  name: 'bundleDeals.delete',
  input: TaxonomyIdSchema,
  auth: can,
  invalidates,
  run: async ({ id }, _actor, { tx, audit }) => {
    const before = await deleteBundleDeal(tx, id);
    audit({ entity: 'bundle_deal', entityId: id, before, after: null });
    return before;
  },
  message: 'backoffice.taxonomy.bundleDeals.deleted',
  data: (d) => ({ id: d.id }),
  back: '/admin/bundle-deals',
});

// The product pickers -----------------------------------------------------------------------------------------

/**
 * Products to add to a collection, flash sale or bundle deal (`GET api/v1/admin/collections/{id}/products?q=`,
 * and the same under flash-sales and bundle-deals): up to 20 whose title or slug holds `q`.
 */
export const productsToPick = defineQuery({
  name: 'taxonomy.pick',
  input: PickQuerySchema,
  auth: can,
  run: async ({ q }) => ({ items: await searchProductsToPick(q), next_cursor: null }),
});

/** The same for a bundle deal: a deal of one store offers only that store's products. */
export const bundleProductsToPick = defineQuery({
  name: 'bundleDeals.pick',
  input: PickQuerySchema,
  auth: can,
  run: async ({ id, q }) => {
    const deal = await bundleDealOf(id);
    return { items: await searchProductsToPick(q, deal.store_id), next_cursor: null };
  },
});

/** The stores a bundle deal may be limited to (the editor's choice). */
export const bundleDealStores = defineQuery({
  name: 'bundleDeals.stores',
  input: NoInput,
  auth: can,
  run: () => listStoreChoices(),
});
