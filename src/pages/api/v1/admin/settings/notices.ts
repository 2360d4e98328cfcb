import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { noticesOne, saveNoticesAction } from '@/server/settings/actions';

/**
 * GET: the top and popup banners. POST (multipart or JSON): `top_shown`, `top_title`, `top_url`, `top_closable`,
 * `top_image` (file), `top_remove_image`, `top_again`, and the same with `popup_`.
 */
export const ALL = route({ GET: serveQuery(noticesOne), POST: serveAction(saveNoticesAction) });
