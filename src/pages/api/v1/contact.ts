import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { contact } from '@/server/content/actions';

export const ALL = route({ POST: serveAction(contact) });
