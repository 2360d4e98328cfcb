import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getCommonData } from '@/server/settings/common';

export const ALL = route({
  GET: async ({ locals }) =>
    ok(await getCommonData(locals.lang), { headers: { 'cache-control': 'public, max-age=30, stale-while-revalidate=300' } }),
});
