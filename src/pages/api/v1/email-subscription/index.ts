import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { subscribe } from '@/server/content/actions';

export const ALL = route({ POST: serveAction(subscribe) });
