import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listCountriesAndPhones } from '@/server/settings/locations';

export const ALL = route({
  GET: async () => ok(await listCountriesAndPhones(), { headers: { 'cache-control': 'public, max-age=3600' } }),
});
