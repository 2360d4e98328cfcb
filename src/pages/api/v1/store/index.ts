import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { listStores } from '../../../../server/stores/store-page';

/** `store`: every open store (`data.data`), by name. */
export const ALL = route({
  GET: async () => ok({ data: await listStores() }),
});
