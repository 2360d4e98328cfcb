import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { generateVariantsAction } from '@/server/catalog/actions';
import { productVariants } from '@/server/catalog/queries';

/** GET: the product's variants. POST: variants generated from attributes `{attribute[], values[]}` (values comma-separated). */
export const ALL = route({ GET: serveQuery(productVariants), POST: serveAction(generateVariantsAction) });
