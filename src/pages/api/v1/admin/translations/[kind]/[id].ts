import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveNameTranslationsAction } from '@/server/catalog/actions';
import { nameTranslationsOne } from '@/server/catalog/queries';

/** GET: a category's, sub-category's, brand's or collection's names per language. POST: `{ar: '…', fr: '…'}` (empty removes one). */
export const ALL = route({ GET: serveQuery(nameTranslationsOne), POST: serveAction(saveNameTranslationsAction) });
