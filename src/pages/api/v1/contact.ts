import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { contactShop } from '@/server/content/actions';

/** `{name, email, subject, message}`: stored, mailed to the shop, acknowledged to the sender; throttled per address and email. */
export const ALL = route({ POST: serveAction(contactShop) });
