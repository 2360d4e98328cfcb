import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { missingTranslations } from '@/server/catalog/queries';

/** GET: what has no translation yet (`?kind=product|category|sub_category|brand|collection&lang=&cursor=`). */
export const ALL = route({ GET: serveQuery(missingTranslations) });
