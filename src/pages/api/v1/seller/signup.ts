import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sellerSignup } from '@/server/sellers/actions';

/** `{shop_name, name, email, phone, password, password_confirmation, address}` → a code by email; 404 when `vendor_registration` is off. */
export const ALL = route({ POST: serveAction(sellerSignup) });
