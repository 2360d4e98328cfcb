import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { ShopSettingsSchema } from '@/lib/schemas/content-admin';
import { getShopSettings, saveShopSettings } from '@/server/settings/manage';
import { NavigationSchema, SiteSwitchesSchema } from '@/lib/schemas/settings-admin';
import { getNavigation, getSiteSwitches, saveNavigation, saveSiteSwitches } from '@/server/settings/site-manage';
import { FooterCategoriesSchema, NoticesSchema, SitePicturesSchema } from '@/lib/schemas/content-admin2';
import { getNotices, saveNotices } from '@/server/settings/notices';
import { getSitePictures, prepareSitePicture, saveSitePictures } from '@/server/settings/pictures';
import { getFooterCategories, saveFooterCategories } from '@/server/settings/footer';
import { IMAGE_MAX_BYTES } from '@/server/uploads/images';
import { removeUpload } from '@/server/uploads/storage';
import { runAfterAnswer } from '@/server/core/background';

/** The shop's settings in the back office (`/admin/settings`, `api/v1/admin/settings`). */

export const shopSettingsOne = defineQuery({
  name: 'settings.shop',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: () => getShopSettings(),
});

/** Saves the shop's name, contact, colours, currency display and switches; every process and page follows at once. */
export const saveShopSettingsAction = defineAction({
  name: 'settings.save',
  input: ShopSettingsSchema,
  auth: { can: 'update:setting' },
  // Every page carries the name, colours and prices: settings and the kept pages are forgotten everywhere.
  invalidates: ['settings', 'catalog', 'content'],
  run: async (input, _actor, { tx, audit }) => {
    const change = await saveShopSettings(tx, input);
    audit({ entity: 'settings', entityId: null, ...change });
    return change.after;
  },
  message: 'backoffice.settings.saved',
  back: '/admin/settings',
});

/** The header, footer and social link lists (`/admin/settings/links`). */
export const navigationOne = defineQuery({
  name: 'settings.links',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: () => getNavigation(),
});

export const saveNavigationAction = defineAction({
  name: 'settings.links.save',
  input: NavigationSchema,
  auth: { can: 'update:setting' },
  // The header and footer are on every page: settings and the kept pages are forgotten everywhere.
  invalidates: ['settings', 'catalog', 'content'],
  run: async (input, _actor, { tx, audit }) => {
    const change = await saveNavigation(tx, input);
    audit({ entity: 'settings', entityId: 'links', ...change });
    return change.after;
  },
  message: 'backoffice.links.saved',
  back: '/admin/settings/links',
});

/** Sign-in buttons, analytics, languages and the owner's scripts (`/admin/settings/site`). */
export const siteSwitchesOne = defineQuery({
  name: 'settings.site',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: () => getSiteSwitches(),
});

export const saveSiteSwitchesAction = defineAction({
  name: 'settings.site.save',
  input: SiteSwitchesSchema,
  auth: { can: 'update:setting' },
  invalidates: ['settings', 'catalog', 'content'],
  run: async (input, actor, { tx, audit }) => {
    const change = await saveSiteSwitches(tx, input, Boolean(actor.user?.roles.includes('owner')));
    audit({ entity: 'settings', entityId: 'site', ...change });
    return change.after;
  },
  message: 'backoffice.siteSettings.saved',
  back: '/admin/settings/site',
});

/** The header logo and the footer's payment picture (`/admin/settings/pictures`, `api/v1/admin/settings/pictures`). */
export const sitePicturesOne = defineQuery({
  name: 'settings.pictures',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: () => getSitePictures(),
});

/** Uploads (multipart) or resets the pictures; every page of every process shows the new ones at its next request. */
export const saveSitePicturesAction = defineAction({
  name: 'settings.pictures.save',
  input: SitePicturesSchema,
  auth: { can: 'update:setting' },
  // Two pictures of at most 1000 KB each, and the form's other fields.
  upload: { limit: 2 * IMAGE_MAX_BYTES + 64 * 1024 },
  invalidates: ['settings', 'catalog', 'content'],
  run: async (input, _actor, { tx, audit }) => {
    // Both files are checked and re-encoded before anything is stored.
    const pictures = [
      await prepareSitePicture(input.header_logo, 'header_logo'),
      await prepareSitePicture(input.payment_image, 'payment_image'),
    ].filter((p) => p !== null);
    const { before, after, replaced } = await saveSitePictures(tx, { pictures, reset_logo: input.reset_logo, reset_payment: input.reset_payment });
    audit({ entity: 'settings', entityId: 'pictures', before, after });
    if (replaced.length) runAfterAnswer('remove replaced shop pictures', () => Promise.all(replaced.map((u) => removeUpload(u))).then(() => {}));
    return after;
  },
  message: 'backoffice.sitePictures.saved',
  back: '/admin/settings/pictures',
});

/** The categories the footer lists (`/admin/settings/footer`, `api/v1/admin/settings/footer`). */
export const footerCategoriesOne = defineQuery({
  name: 'settings.footer',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: () => getFooterCategories(),
});

export const saveFooterCategoriesAction = defineAction({
  name: 'settings.footer.save',
  input: FooterCategoriesSchema,
  auth: { can: 'update:setting' },
  // The footer is on every page and in `common`; the category tree is the catalogue's.
  invalidates: ['settings', 'catalog', 'content'],
  run: async (input, _actor, { tx, audit }) => {
    const change = await saveFooterCategories(tx, input);
    audit({ entity: 'settings', entityId: 'footer_categories', ...change });
    return change.after;
  },
  message: 'backoffice.footerCategories.saved',
  back: '/admin/settings/footer',
});

/** The top banner and the popup banner (`/admin/settings/notices`, `api/v1/admin/settings/notices`). */
export const noticesOne = defineQuery({
  name: 'settings.notices',
  input: z.object({}),
  auth: { can: 'update:setting' },
  run: () => getNotices(),
});

export const saveNoticesAction = defineAction({
  name: 'settings.notices.save',
  input: NoticesSchema,
  auth: { can: 'update:setting' },
  upload: { limit: 2 * IMAGE_MAX_BYTES + 64 * 1024 },
  // Both notices are on every page: settings and the kept pages are forgotten everywhere.
  invalidates: ['settings', 'catalog', 'content'],
  run: async (input, _actor, { tx, audit }) => {
    const pictures = [await prepareSitePicture(input.top_image, 'top_image'), await prepareSitePicture(input.popup_image, 'popup_image')].filter(
      (p) => p !== null,
    );
    const { before, after, replaced } = await saveNotices(tx, input, pictures);
    audit({ entity: 'settings', entityId: 'notices', before, after });
    if (replaced.length) runAfterAnswer('remove replaced notice pictures', () => Promise.all(replaced.map((u) => removeUpload(u))).then(() => {}));
    return after;
  },
  message: 'backoffice.notices.saved',
  back: '/admin/settings/notices',
});
