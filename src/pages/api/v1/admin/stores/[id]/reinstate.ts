import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { reinstateStoreAction } from '@/server/sellers/actions';

/** Reinstates a suspended store: its products come back as they were. */
export const ALL = route({ POST: serveAction(reinstateStoreAction) });
