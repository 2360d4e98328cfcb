import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveProductAction } from '@/server/catalog/actions';
import { productsList } from '@/server/catalog/queries';

/**
 * GET: products in the caller's scope (drafts and archived too), `?q=&store_id=&category_id=&brand_id=&status=&stock=&no_picture=&cursor=&per_page=`
 * → `{items, next_cursor}`. POST: a new product (JSON, or multipart with `images[]`) → `{id, slug, status}`.
 */
export const ALL = route({ GET: serveQuery(productsList), POST: serveAction(saveProductAction) });
