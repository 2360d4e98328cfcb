import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteBrandAction } from '@/server/taxonomy/actions';

/** Deletes a brand; one with products needs `move_to` (another brand's id), where they go first. */
export const ALL = route({ POST: serveAction(deleteBrandAction) });
