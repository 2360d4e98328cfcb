import { serveAction } from '@/server/web/actions';
import { installEndpoint, installRoute } from '@/server/web/install';
import { setPermission } from '@/server/install/actions';

/** Step 3 (spec: `POST install/set-permission`): DATA_DIR, uploads and mail writable, enough disk space. */
export const ALL = installRoute({ POST: installEndpoint(serveAction(setPermission)) });
