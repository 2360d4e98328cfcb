import { route } from '@/server/web/route';
import { requireUser } from '@/server/web/guards';
import { deleteCard } from '@/server/account/cards';
import { answer, formAware, idParam } from '@/server/web/respond';
import { getT } from '@/i18n';

const remove = formAware(async (ctx) => {
  const user = requireUser(ctx.locals);
  await deleteCard(user.id, idParam(ctx.params.id, 'The card'));
  const t = await getT(ctx.locals.lang);
  return answer(ctx, null, t('account.cardRemoved'));
});

/** DELETE removes one of the user's cards (POST too, for a plain form); another user's card is 404. */
export const ALL = route({ DELETE: remove, POST: remove });
