import { getSettings, listLanguages } from './index';
import { listCategoryTree } from '../catalog/taxonomy';
import { isProviderOffered } from '../users/social-providers';

/**
 * The `common` payload: every setting the storefront shell needs, plus languages and the footer tree.
 * `google_login` / `facebook_login` say whether the button works: the switch is on AND the provider's
 * id and secret are configured, so a client never shows a button that leads to a 404.
 */
export async function getCommonData(lang: string) {
  const [settings, languages, categories] = await Promise.all([getSettings(), listLanguages(), listCategoryTree()]);
  const { setting } = settings;
  return {
    ...settings,
    setting: {
      ...setting,
      google_login: isProviderOffered('google', setting),
      facebook_login: isProviderOffered('facebook', setting),
    },
    categories: categories.filter((c) => c.in_footer),
    languages,
    current_language: lang,
  };
}
