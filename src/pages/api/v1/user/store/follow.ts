import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { followStore } from '@/server/account/actions';

/** `{store_id, follow?}`: follows or unfollows (toggles without `follow`); answers `data {following, followers}`. */
export const ALL = route({ POST: serveAction(followStore) });
