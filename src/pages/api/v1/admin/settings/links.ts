import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { navigationOne, saveNavigationAction } from '@/server/settings/actions';

/** GET: the header, footer and social link lists. POST: replaces them (`{header_left: [{title, slug, link}], …}` or form rows). */
export const ALL = route({ GET: serveQuery(navigationOne), POST: serveAction(saveNavigationAction) });
