import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { changeProductPrices } from '@/server/catalog/actions';

/** A product's selling and offered price (`{selling, offered}` in cents); a seller's own store's products only. */
export const ALL = route({ POST: serveAction(changeProductPrices) });
