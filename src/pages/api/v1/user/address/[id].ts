import { route } from '../../../../../server/http/route';
import { ok } from '../../../../../server/http/envelope';
import { requireUser } from '../../../../../server/users/require';
import { deleteAddress, getAddress } from '../../../../../server/users/addresses';
import { answer, formAware, idParam } from '../../../../../server/users/respond';
import { getT } from '../../../../../i18n';

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
