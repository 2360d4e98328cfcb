import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { bannersList, saveBannerAction } from '@/server/catalog/banner-actions';

/** GET: every banner in the storefront's order → `{items, next_cursor: null}`. POST: a new banner (multipart with `image`). */
export const ALL = route({ GET: serveQuery(bannersList), POST: serveAction(saveBannerAction) });
