import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import {
  RefuseStoreNameSchema,
  StoreNameDecisionSchema,
  StoreProfileQuerySchema,
  StoreProfileSchema,
  type StoreProfileInput,
} from '@/lib/schemas/seller-store';
import { approveStoreName, getSellerStore, refuseStoreName, saveStoreProfile } from '@/server/stores/profile';
import { PICTURE_MAX_BYTES, preparePictures } from '@/server/uploads/product-pictures';

/**
 * The seller's store profile (`/seller/store`, `api/v1/seller/store`) and the operator's answer to a new name
 * (`api/v1/admin/stores/{id}/approve-name|refuse-name`). The profile opens with `update:product`: whoever runs
 * the store's catalogue runs its shop window (a seller's staff limited to orders does not).
 */

export const storeProfileOne = defineQuery({
  name: 'stores.profile',
  input: StoreProfileQuerySchema,
  auth: { can: 'update:product' },
  run: (input, _actor, scope) => getSellerStore(input, scope),
});

/** One picture from a form field: none (absent, or an empty file input), or prepared like a product picture. */
async function pictureOf(file: unknown) {
  if (!file || (file instanceof Blob && file.size === 0)) return null;
  const [picture] = await preparePictures([file]);
  return picture ?? null;
}

export const saveStoreProfileAction = defineAction({
  name: 'stores.profile.save',
  input: StoreProfileSchema,
  auth: { can: 'update:product' },
  upload: { limit: 2 * PICTURE_MAX_BYTES + 256 * 1024 },
  // The store page, its products' pages (the store's name and logo) and the stores list.
  invalidates: ['catalog', 'stores'],
  run: async (input: StoreProfileInput, _actor, access) =>
    saveStoreProfile(input, { logo: await pictureOf(input.logo), banner: await pictureOf(input.banner) }, access),
  message: (r) => (r.name_waiting ? 'backoffice.store.savedNameWaits' : 'backoffice.store.saved'),
});

export const approveStoreNameAction = defineAction({
  name: 'stores.name.approve',
  input: StoreNameDecisionSchema,
  auth: { can: 'approve:seller' },
  invalidates: ['catalog', 'stores'],
  run: approveStoreName,
  message: 'backoffice.store.nameApproved',
});

export const refuseStoreNameAction = defineAction({
  name: 'stores.name.refuse',
  input: RefuseStoreNameSchema,
  auth: { can: 'approve:seller' },
  invalidates: [],
  run: refuseStoreName,
  message: 'backoffice.store.nameRefused',
});
