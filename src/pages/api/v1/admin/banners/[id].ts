import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { bannerOne, saveBannerAction } from '@/server/catalog/banner-actions';

/** GET: one banner for its editor. POST: its changes (multipart; a new `image` replaces the picture). */
export const ALL = route({ GET: serveQuery(bannerOne), POST: serveAction(saveBannerAction) });
