import type { APIContext } from 'astro';
import type { Actor } from '@/server/core/actor';
import { clientAddressOf } from '@/server/web/client-address';

/**
 * The request as the domains see it: built from what the middleware put in `locals` once per
 * request (identity, language, origin, settings), plus the client's address and user agent.
 */
export function actorOf(ctx: Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress'>): Actor {
  return {
    user: ctx.locals.user,
    ip: clientAddressOf(ctx),
    userAgent: ctx.request.headers.get('user-agent'),
    guestToken: ctx.locals.guestToken,
    freshGuestToken: ctx.locals.freshGuestToken,
    sessionHash: ctx.locals.sessionHash,
    session: ctx.locals.session,
    lang: ctx.locals.lang,
    origin: ctx.locals.origin,
    siteName: ctx.locals.settings.site_setting.site_name,
  };
}

/** The sign-in services' view: the actor without the user they are about to find. */
export const authContextOf = (ctx: Parameters<typeof actorOf>[0]) => {
  const { user: _user, ...rest } = actorOf(ctx);
  return rest;
};
