import { route } from '@/server/web/route';
import { cacheHeader } from '@/server/web/cache';
import { ok } from '@/server/web/envelope';
import { getEnv } from '@/server/core/env';
import { countryOf } from '@/server/core/regional';

/** `user-info-by-ip`: `{country}` (two letters, or null when no trusted proxy says); the spec's client only logs a failed lookup. */
export const ALL = route({
  GET: ({ request }) => {
    const country = countryOf(request.headers, getEnv().TRUST_PROXY);
    return ok({ country }, { headers: cacheHeader('private') });
  },
});
