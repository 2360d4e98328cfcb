import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { deleteAddress, getAddress } from '@/server/account/addresses';
import { answer, formAware, idParam } from '@/server/web/respond';
import { getT } from '@/i18n';

const remove = formAware(async (ctx) => {
  const user = requireUser(ctx.locals);
  await deleteAddress(user.id, idParam(ctx.params.id, 'The address'));
  const t = await getT(ctx.locals.lang);
  return answer(ctx, null, t('account.addressDeleted'), '/user/addresses');
});

/** GET one of the user's addresses; DELETE (or POST from a plain form) removes it. Another user's id is 404. */
export const ALL = route({
  GET: async ({ locals, params }) => ok(await getAddress(requireUser(locals).id, idParam(params.id, 'The address'))),
  DELETE: remove,
  POST: remove,
});
