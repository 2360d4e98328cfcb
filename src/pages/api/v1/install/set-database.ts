import { serveAction } from '@/server/web/actions';
import { installEndpoint, installRoute } from '@/server/web/install';
import { setDatabase } from '@/server/install/actions';

/** Step 2 (spec: `POST install/set-database`): `{kind: "embedded"}` or `{kind: "postgres", database_url}`. */
export const ALL = installRoute({ POST: installEndpoint(serveAction(setDatabase)) });
