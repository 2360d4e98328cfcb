import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { parseWith } from '@/server/core/validation';
import { SocialRedirectQuerySchema } from '@/lib/schemas/social';
import { socialCallbackUrl, startSocialLogin } from '@/server/auth/social/login';
import { setPendingSocialLogin } from '@/server/web/social-cookies';

/**
 * GET ?provider=google|facebook[&redirect=/path]: sends the browser to the provider's consent page.
 * 422 for an unknown provider, 404 when the provider is switched off or not configured.
 */
export const ALL = route({
  GET: ({ url, cookies, locals }) => {
    const query = parseWith(SocialRedirectQuerySchema, Object.fromEntries(url.searchParams));
    const { url: target, pending } = startSocialLogin({
      provider: query.provider,
      redirect: query.redirect,
      setting: locals.settings.setting,
      callbackUrl: socialCallbackUrl(),
    });
    setPendingSocialLogin(cookies, pending);
    return new Response(null, { status: 302, headers: { location: target.href, ...cacheHeader('none') } });
  },
});
