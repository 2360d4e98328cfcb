import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveShopSettingsAction, shopSettingsOne } from '@/server/settings/actions';

/** GET: the shop's settings as the screen edits them (with the colours' contrast). POST: saves them. */
export const ALL = route({ GET: serveQuery(shopSettingsOne), POST: serveAction(saveShopSettingsAction) });
