import { serveAction } from '@/server/web/actions';
import { forgetSetupCookie, installEndpoint, installRoute } from '@/server/web/install';
import { finish } from '@/server/install/actions';
import { installing } from '@/server/install/wizard';

/** Step 5: optional demo data, then the install is complete and every install endpoint answers 404. */
export const ALL = installRoute({
  POST: installEndpoint(async (ctx) => {
    const response = await serveAction(finish)(ctx);
    // Installed: the token is retired, so its cookie goes too.
    if (!installing()) forgetSetupCookie(ctx);
    return response;
  }),
});
