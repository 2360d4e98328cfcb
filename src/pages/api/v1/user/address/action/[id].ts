import { route } from '@/server/web/route';
import { formAware, idParam } from '@/server/web/respond';
import { saveAddressFromRequest } from '@/server/web/address-endpoint';

/** Updates one of the user's addresses (its kind stays); another user's address is 404. */
export const ALL = route({
  POST: formAware((ctx) => saveAddressFromRequest(ctx, { id: idParam(ctx.params.id, 'The address') })),
});
