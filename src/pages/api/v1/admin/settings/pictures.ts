import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveSitePicturesAction, sitePicturesOne } from '@/server/settings/actions';

/** GET: the header logo and the payment picture now. POST (multipart): `header_logo`, `payment_image` files, `reset_logo`, `reset_payment`. */
export const ALL = route({ GET: serveQuery(sitePicturesOne), POST: serveAction(saveSitePicturesAction) });
