import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { gatewayKeysOne, saveGatewayKeysAction } from '@/server/settings/payment-actions';

/** GET: each gateway's keys, masked, with where each comes from. POST `{NAME: value…, clear?: [NAME]}`: stores them sealed. */
export const ALL = route({ GET: serveQuery(gatewayKeysOne), POST: serveAction(saveGatewayKeysAction) });
