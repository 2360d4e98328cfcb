import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { suspendStoreAction } from '@/server/sellers/actions';

/** Suspends a store `{reason}`: its products leave the storefront at once. */
export const ALL = route({ POST: serveAction(suspendStoreAction) });
