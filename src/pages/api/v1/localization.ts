import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getLocalization } from '@/server/i18n/localization';

/** The spec's `GET localization?locale_code=ar`: one language's messages. */
export const ALL = route(
  {
    GET: async ({ url, locals }) =>
      ok(await getLocalization(url.searchParams.get('locale_code') ?? locals.lang), { headers: cacheHeader('settings') }),
  },
  { shared: true },
);
