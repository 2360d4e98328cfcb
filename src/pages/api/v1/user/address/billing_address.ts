import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveAddress } from '@/server/account/actions';

/** Creates a billing address, or updates one when the query carries `?id=`. */
export const ALL = route({
  POST: serveAction(saveAddress, ({ url }) => ({ kind: 'billing', id: url.searchParams.get('id') ?? undefined })),
});
