import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveProductTranslationAction } from '@/server/catalog/actions';
import { productTranslationsOne } from '@/server/catalog/queries';

/** GET: the product in every language, side by side. POST: its version in one other language `{lang, title, description, seo_title, seo_description, spec_labels}`. */
export const ALL = route({ GET: serveQuery(productTranslationsOne), POST: serveAction(saveProductTranslationAction) });
