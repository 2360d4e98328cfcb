import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveAddress } from '@/server/account/actions';

/** Creates an address `{name, email, phone, country, state, city, zip, address_1, address_2, kind?, is_default?}`. */
export const ALL = route({ POST: serveAction(saveAddress) });
