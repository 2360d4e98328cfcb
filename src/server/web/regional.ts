import type { APIContext } from 'astro';
import { getEnv } from '@/server/core/env';
import { countryOf, decideRegional, STAY_COOKIE } from '@/server/core/regional';

/** Answers the regional redirect (302, never cached) or remembers a "stay here" choice; null when the request goes on. */
export function regionalRedirect(ctx: APIContext): Response | null {
  const env = getEnv();
  if (!env.REGIONAL_REDIRECT_COUNTRY || !env.REGIONAL_REDIRECT_URL) return null;
  const decision = decideRegional({
    method: ctx.request.method.toUpperCase(),
    url: ctx.url,
    accept: ctx.request.headers.get('accept'),
    userAgent: ctx.request.headers.get('user-agent'),
    country: countryOf(ctx.request.headers, env.TRUST_PROXY),
    stayCookie: ctx.cookies.get(STAY_COOKIE)?.value === '1',
    config: { country: env.REGIONAL_REDIRECT_COUNTRY, url: env.REGIONAL_REDIRECT_URL },
  });
  if (decision.kind === 'stay') {
    ctx.cookies.set(STAY_COOKIE, '1', { path: '/', maxAge: 31_536_000, sameSite: 'lax', httpOnly: true, secure: env.SECURE_COOKIES });
    return null;
  }
  if (decision.kind !== 'redirect') return null;
  return new Response(null, {
    status: 302,
    headers: { location: decision.location, 'cache-control': 'private, no-store', vary: 'cookie' },
  });
}
