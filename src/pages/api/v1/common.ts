import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getCommonData } from '@/server/settings/common';

export const ALL = route(
  {
    GET: async ({ locals }) => ok(await getCommonData(locals.lang), { headers: cacheHeader('settings') }),
  },
  { shared: true },
);
