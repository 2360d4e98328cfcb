import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { listBrands } from '../../../server/catalog/taxonomy';

export const ALL = route({
  GET: async () => ok({ data: await listBrands() }, { headers: { 'cache-control': 'public, max-age=60, stale-while-revalidate=600' } }),
});
