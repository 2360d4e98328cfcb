import type { AstroGlobal } from 'astro';
import { localPath } from '@/lib/safe-redirect';
import { setFlash } from '@/server/web/flash';
import { cacheHeader } from '@/server/web/cache';
import { inRequestLanguage } from '@/server/web/link-language';

/**
 * The two-factor page of a session that has passed the check: a 303 on to where the person was going (else
 * the area's home), keeping the message it was shown with (the recovery codes after setting it up).
 */
export function onwardAfterTwoFactor(Astro: AstroGlobal): Response | null {
  const { user, session, flash, area } = Astro.locals;
  if (!user?.twoFactor || !session?.twoFactorAt) return null;
  if (flash) setFlash(Astro.cookies, flash);
  const to = localPath(Astro.url.searchParams.get('redirect')) ?? `/${area ?? 'admin'}`;
  return new Response(null, { status: 303, headers: { location: inRequestLanguage(Astro.locals, to), ...cacheHeader('private') } });
}
