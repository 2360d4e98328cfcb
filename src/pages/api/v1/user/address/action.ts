import { route } from '@/server/web/route';
import { formAware } from '@/server/web/respond';
import { saveAddressFromRequest } from '@/server/web/address-endpoint';

/** Creates an address `{name, email, phone, country, state, city, zip, address_1, address_2, kind?, is_default?}`. */
export const ALL = route({
  POST: formAware((ctx) => saveAddressFromRequest(ctx)),
});
