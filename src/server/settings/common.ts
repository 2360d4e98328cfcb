import { getSettings, listLanguages } from '@/server/settings/index';
import { listCategoryTree } from '@/server/catalog/taxonomy';
import { isProviderOffered } from '@/server/auth/social/providers';

/**
 * Every amount in the JSON API, in and out, is a whole number of the currency's minor unit; this is how
 * many decimal places that unit is (2: 1499 means 14.99). Prices are stored and formatted in hundredths
 * (lib/price.ts formatPrice, lib/listing-filters.ts parseMoney), whatever the currency.
 */
export const MINOR_UNIT_EXPONENT = 2;

/**
 * The `common` payload: every setting the storefront shell needs, plus languages and the footer tree.
 * `google_login` / `facebook_login` say whether the button works: the switch is on AND the provider's
 * id and secret are configured, so a client never shows a button that leads to a 404.
 */
export async function getCommonData(lang: string) {
  const [settings, languages, categories] = await Promise.all([getSettings(), listLanguages(), listCategoryTree()]);
  const { setting, back_office: _private, ...shown } = settings;
  return {
    ...shown,
    setting: {
      ...setting,
      minor_unit_exponent: MINOR_UNIT_EXPONENT,
      google_login: isProviderOffered('google', setting),
      facebook_login: isProviderOffered('facebook', setting),
    },
    categories: categories.filter((c) => c.in_footer),
    languages,
    current_language: lang,
  };
}
