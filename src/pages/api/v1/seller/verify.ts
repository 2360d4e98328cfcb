import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sellerVerify } from '@/server/sellers/actions';

/** `{email, code}` → the application is confirmed and waits for approval (`data.status` = `verified`). */
export const ALL = route({ POST: serveAction(sellerVerify) });
