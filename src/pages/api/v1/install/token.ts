import { route } from '@/server/web/route';
import { acceptSetupToken, installEndpoint } from '@/server/web/install';

/** Step 1's form: the setup token printed on the server's console. */
export const ALL = route({ POST: installEndpoint(acceptSetupToken, { token: false }) });
