import { serveAction } from '@/server/web/actions';
import { installEndpoint, installRoute } from '@/server/web/install';
import { setAccount } from '@/server/install/actions';

/** Step 4: the operator's account, the shop's name, logo, colours, currency and language (multipart for the logo). */
export const ALL = installRoute({ POST: installEndpoint(serveAction(setAccount)) });
