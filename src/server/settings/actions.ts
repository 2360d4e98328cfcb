import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { ShopSettingsSchema } from '@/lib/schemas/content-admin';
import { getShopSettings, saveShopSettings } from '@/server/settings/manage';

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
