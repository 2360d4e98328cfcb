import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveSiteSwitchesAction, siteSwitchesOne } from '@/server/settings/actions';

/** GET: sign-in buttons, analytics, languages and scripts. POST: saves them (scripts: the owner only). */
export const ALL = route({ GET: serveQuery(siteSwitchesOne), POST: serveAction(saveSiteSwitchesAction) });
