import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { installEndpoint } from '@/server/web/install';
import { setDatabase } from '@/server/install/actions';

/** Step 2 (spec: `POST install/set-database`): `{kind: "embedded"}` or `{kind: "postgres", database_url}`. */
export const ALL = route({ POST: installEndpoint(serveAction(setDatabase)) });
