import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sellerResend } from '@/server/sellers/actions';

/** A new code for a seller application `{email}` (the verify step's "send the code again"). */
export const ALL = route({ POST: serveAction(sellerResend) });
