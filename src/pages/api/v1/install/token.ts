import { acceptSetupToken, installEndpoint, installRoute } from '@/server/web/install';

/** Step 1's form: the setup token printed on the server's console. */
export const ALL = installRoute({ POST: installEndpoint(acceptSetupToken, { token: false }) });
