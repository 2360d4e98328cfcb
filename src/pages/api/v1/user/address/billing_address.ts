import { route } from '@/server/web/route';
import { formAware, idParam } from '@/server/web/respond';
import { saveAddressFromRequest } from '@/server/web/address-endpoint';

/** Creates a billing address, or updates one when the query carries `?id=`. */
export const ALL = route({
  POST: formAware((ctx) => {
    const id = ctx.url.searchParams.get('id');
    return saveAddressFromRequest(ctx, { kind: 'billing', id: id ? idParam(id, 'The address') : undefined });
  }),
});
