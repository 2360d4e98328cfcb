import { cacheHeader } from '@/server/web/cache';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listCountriesAndPhones } from '@/server/settings/locations';

export const ALL = route(
  {
    GET: async () => ok(await listCountriesAndPhones(), { headers: cacheHeader('reference') }),
  },
  { shared: true },
);
