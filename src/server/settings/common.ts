import { getSettings, listLanguages } from './index';
import { listCategoryTree } from '../catalog/taxonomy';

/** The `common` payload: every setting the storefront shell needs, plus languages and the footer tree. */
export async function getCommonData(lang: string) {
  const [settings, languages, categories] = await Promise.all([getSettings(), listLanguages(), listCategoryTree()]);
  return {
    ...settings,
    categories: categories.filter((c) => c.in_footer),
    languages,
    current_language: lang,
  };
}
