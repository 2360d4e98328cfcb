import type { APIContext } from 'astro';
import { clientAddressOf } from '@/server/web/client-address';
import { publicOrigin } from '@/server/core/origin';

/** What the account services need to know about the request, built once by a route. */
export interface AuthContext {
  ip: string;
  userAgent: string | null;
  /** The guest's token, whose cart, wishlist and compare list join the account on sign-in. */
  guestToken: string | null;
  /** The session the request already carries, replaced on sign-in and kept on password change. */
  sessionHash: string | null;
  lang: string;
  /** Origin for links in mail: configuration only, never the request's Host. */
  origin: string;
  siteName: string;
}

export function authContextOf(ctx: Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress'>): AuthContext {
  return {
    ip: clientAddressOf(ctx),
    userAgent: ctx.request.headers.get('user-agent'),
    guestToken: ctx.locals.guestToken,
    sessionHash: ctx.locals.sessionHash,
    lang: ctx.locals.lang,
    origin: publicOrigin(),
    siteName: ctx.locals.settings.site_setting.site_name,
  };
}
