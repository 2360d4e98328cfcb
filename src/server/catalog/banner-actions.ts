import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { runAfterAnswer } from '@/server/core/background';
import { BannerIdSchema, BannerWriteSchema } from '@/lib/schemas/content-admin';
import { deleteBanner, getBanner, listAllBanners, saveBanner } from '@/server/catalog/banner-manage';
import { PICTURE_MAX_BYTES, preparePictures, removePictures } from '@/server/uploads/product-pictures';
import { fileOf } from '@/server/uploads/images';

/** Banners and the home page's blocks in the back office (`/admin/banners`, `api/v1/admin/banners`). */

export const bannersList = defineQuery({
  name: 'banners.list',
  input: BannerIdSchema.partial(),
  auth: { can: 'update:content' },
  run: () => listAllBanners(),
});

export const bannerOne = defineQuery({
  name: 'banners.one',
  input: BannerIdSchema,
  auth: { can: 'update:content' },
  run: ({ id }) => getBanner(id),
});

/** Creates (`POST api/v1/admin/banners`) or updates (`…/banners/{id}`) a banner; multipart with its `image`. */
export const saveBannerAction = defineAction({
  name: 'banners.save',
  input: BannerWriteSchema,
  auth: { can: 'update:content' },
  upload: { limit: PICTURE_MAX_BYTES + 256 * 1024 },
  // The home page and every page's banners show the change at once.
  invalidates: ['catalog'],
  run: async (input, _actor, { tx, audit }) => {
    const file = fileOf(input.image);
    const [picture] = file ? await preparePictures([file]) : [];
    const { before, after, replaced } = await saveBanner(tx, input, picture ?? null);
    audit({ entity: 'banner', entityId: after.id, before, after });
    if (replaced) runAfterAnswer('remove replaced banner picture', () => removePictures([replaced]));
    return after;
  },
  message: 'backoffice.banners.saved',
  back: (b) => `/admin/banners/${b.id}`,
});

/** Deletes a banner (`POST api/v1/admin/banners/{id}/delete`). */
export const deleteBannerAction = defineAction({
  name: 'banners.delete',
  input: BannerIdSchema,
  auth: { can: 'update:content' },
  invalidates: ['catalog'],
  run: async ({ id }, _actor, { tx, audit }) => {
    const before = await deleteBanner(tx, id);
    audit({ entity: 'banner', entityId: id, before, after: null });
    runAfterAnswer('remove banner picture', () => removePictures([before.image]));
    return before;
  },
  message: 'backoffice.banners.deleted',
  data: (b) => ({ id: b.id }),
  back: '/admin/banners',
});
