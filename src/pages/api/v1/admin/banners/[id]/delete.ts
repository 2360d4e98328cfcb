import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteBannerAction } from '@/server/catalog/banner-actions';

/** Deletes a banner: it leaves the storefront at once. */
export const ALL = route({ POST: serveAction(deleteBannerAction) });
