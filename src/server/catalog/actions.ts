import { defineAction } from '@/server/core/action';
import { ProductPricesSchema } from '@/lib/schemas/product-write';
import { setProductPrices } from '@/server/catalog/manage';

/** The catalogue's back-office changes, declared once (served to `/admin` and `/seller` with the caller's scope). */

export const changeProductPrices = defineAction({
  name: 'catalog.prices',
  input: ProductPricesSchema,
  auth: { can: 'update:product' },
  // Product pages, listings, search and the API cache show the new price on every process.
  invalidates: ['catalog'],
  run: setProductPrices,
  message: 'backoffice.products.pricesSaved',
});
