import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { getCommonData } from '../../../server/settings/common';

export const ALL = route({
  GET: async ({ locals }) => ok(await getCommonData(locals.lang), { headers: { 'cache-control': 'public, max-age=30, stale-while-revalidate=300' } }),
});
