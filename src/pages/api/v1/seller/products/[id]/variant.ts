import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { changeVariantAction } from '@/server/catalog/actions';

/** One variant `{variant_id, op: 'remove'|'restore'}`: removed (archived instead when it was ordered) or put back on sale. */
export const ALL = route({ POST: serveAction(changeVariantAction) });
