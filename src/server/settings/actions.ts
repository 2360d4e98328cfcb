import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { ShopSettingsSchema } from '@/lib/schemas/content-admin';
import { getShopSettings, saveShopSettings } from '@/server/settings/manage';
import { NavigationSchema, SiteSwitchesSchema } from '@/lib/schemas/settings-admin';
import { getNavigation, getSiteSwitches, saveNavigation, saveSiteSwitches } from '@/server/settings/site-manage';

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
