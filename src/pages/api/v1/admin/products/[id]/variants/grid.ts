import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveVariantGridAction } from '@/server/catalog/actions';

/** The variant grid: per variant its SKU, price override (minor units, 0: the product's) and stock. */
export const ALL = route({ POST: serveAction(saveVariantGridAction) });
