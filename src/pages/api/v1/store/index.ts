import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { listStores } from '@/server/stores/store-page';

/** `store`: every open store (`data.data`), by name. */
export const ALL = route({
  GET: async () => ok({ data: await listStores() }),
});
