import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { listCountriesAndPhones } from '../../../server/settings/locations';

export const ALL = route({
  GET: async () => ok(await listCountriesAndPhones(), { headers: { 'cache-control': 'public, max-age=3600' } }),
});
