import { route } from '@/server/web/route';
import { requireUser } from '@/server/web/guards';
import { setDefaultAddress } from '@/server/account/addresses';
import { answer, formAware, idParam } from '@/server/web/respond';
import { getT } from '@/i18n';

/** Makes one of the user's addresses the default of its kind. */
export const ALL = route({
  POST: formAware(async (ctx) => {
    const user = requireUser(ctx.locals);
    const address = await setDefaultAddress(user.id, idParam(ctx.params.id, 'The address'));
    const t = await getT(ctx.locals.lang);
    return answer(ctx, address, t('account.defaultSaved'), '/user/addresses');
  }),
});
