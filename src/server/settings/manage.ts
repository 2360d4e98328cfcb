import type { Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { storedObjectIn, writeIn } from '@/server/settings/stored';
import { getSettings } from '@/server/settings/index';
import { AA_NORMAL_TEXT, contrastRatio } from '@/lib/contrast';
import { SettingSchema, SiteSettingSchema, type Setting, type SiteSetting } from '@/lib/schemas/settings';
import type { ShopSettingsInput } from '@/lib/schemas/content-admin';

/**
 * The operator's settings screen (`/admin/settings`): the shop's name, contact, colours, currency display and
 * switches. Buttons draw white text on the primary colour (and on the hover colour), so both must reach WCAG AA
 * (4.5:1) against white; a colour that does not is refused with its ratio, in words.
 */
export const BUTTON_TEXT = '#ffffff';

export interface ShopSettingsView extends ShopSettingsInput {
  contrast: { primary: number | null; hover: number | null };
}

/** The values the screen shows (the stored settings with the spec's defaults). */
export async function getShopSettings(): Promise<ShopSettingsView> {
  const { setting, site_setting } = await getSettings();
  return {
    site_name: site_setting.site_name,
    copyright_text: site_setting.copyright_text,
    meta_description: site_setting.meta_description,
    primary_color: site_setting.primary_color,
    primary_hover_color: site_setting.primary_hover_color,
    phone: setting.phone,
    email: setting.email,
    address: setting.address,
    currency: setting.currency,
    currency_icon: setting.currency_icon,
    currency_position: setting.currency_position,
    decimal_format: setting.decimal_format,
    vendor_registration: setting.vendor_registration,
    cookie_banner: setting.cookie_banner,
    contrast: {
      primary: contrastRatio(site_setting.primary_color, BUTTON_TEXT),
      hover: contrastRatio(site_setting.primary_hover_color, BUTTON_TEXT),
    },
  };
}

/** Refuses a button colour whose white text fails WCAG AA, saying its ratio and what to do. */
function checkContrast(field: 'primary_color' | 'primary_hover_color', color: string): void {
  const ratio = contrastRatio(color, BUTTON_TEXT) ?? 0;
  if (ratio >= AA_NORMAL_TEXT) return;
  const message = 'backoffice.settings.lowContrast';
  throw new AppError({ code: 'VALIDATION', message, vars: { color, ratio: ratio.toFixed(2) }, details: { fields: { [field]: message } } });
}

/** Saves the screen's settings in the caller's transaction, keeping every other stored field; answers before and after. */
export async function saveShopSettings(tx: Tx, input: ShopSettingsInput): Promise<{ before: object; after: object }> {
  checkContrast('primary_color', input.primary_color);
  checkContrast('primary_hover_color', input.primary_hover_color);
  const site = await storedObjectIn(tx, 'site_setting');
  const setting = await storedObjectIn(tx, 'setting');
  const nextSite: SiteSetting = SiteSettingSchema.parse({
    ...site,
    site_name: input.site_name,
    copyright_text: input.copyright_text,
    meta_description: input.meta_description,
    primary_color: input.primary_color,
    primary_hover_color: input.primary_hover_color,
  });
  const nextSetting: Setting = SettingSchema.parse({
    ...setting,
    phone: input.phone,
    email: input.email,
    address: input.address,
    currency: input.currency,
    currency_icon: input.currency_icon,
    currency_position: input.currency_position,
    decimal_format: input.decimal_format,
    vendor_registration: input.vendor_registration,
    cookie_banner: input.cookie_banner,
  });
  await writeIn(tx, 'site_setting', nextSite);
  await writeIn(tx, 'setting', nextSetting);
  return { before: { site_setting: site, setting }, after: { site_setting: nextSite, setting: nextSetting } };
}
