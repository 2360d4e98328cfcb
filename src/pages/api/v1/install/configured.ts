import { ok } from '@/server/web/envelope';
import { installEndpoint, installRoute } from '@/server/web/install';
import { installStatus } from '@/server/install/wizard';

/** Step 1 (spec: `GET install/configured`): whether the shop still needs installing; 404 once it is installed. */
export const ALL = installRoute({ GET: installEndpoint(() => ok(installStatus()), { token: false }) });
